@testable import APICheck
import Foundation
import Testing

/// A document whose operations that take input declare 422 for a refused request (FastAPI's
/// `Validation Error`), more than 400, gives an API that refuses with 422; one that declares 400
/// as often, or no refusal at all, keeps 400.
@Suite struct ValidationStatusTests {
    static let query = #"[{"name": "q", "in": "query", "schema": {"type": "string"}}]"#

    func paths(_ first: String, _ second: String) -> String {
        """
        "/flows": {"get": {"operationId": "readFlows", "parameters": \(Self.query), "responses": {"200": {"description": "ok"}, \(first)}}},
        "/runs": {"get": {"operationId": "readRuns", "parameters": \(Self.query), "responses": {"200": {"description": "ok"}, \(second)}}},
        "/health": {"get": {"operationId": "health", "responses": {"200": {"description": "ok"}}}}
        """
    }

    @Test func mostOperationsDeclaring422GiveAnAPIRefusingWith422() throws {
        let unprocessable = #""422": {"description": "Validation Error"}"#
        let fixture = try ImportFixture(paths: paths(unprocessable, unprocessable))
        #expect(
            fixture.file("Sources/ShopContracts/Shop.swift")?.contains(".flatMap { $0 })\n        .refusingInvalidRequests(with: 422)")
                == true)
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths: 2 of the 2 operations that take input declare 422 for a request they refuse, 0 declare 400: "
                    + "declared refusingInvalidRequests(with: 422), so serve and proxy --enforce refuse with 422"), "\(fixture.notes)")
        let mixed = try ImportFixture(paths: paths(unprocessable, #""400": {"description": "Bad"}, "404": {"description": "none"}"#))
        #expect(mixed.file("Sources/ShopContracts/Shop.swift")?.contains("refusingInvalidRequests") == false)
        let none = try ImportFixture(paths: paths(#""404": {"description": "none"}"#, #""404": {"description": "none"}"#))
        #expect(none.file("Sources/ShopContracts/Shop.swift")?.contains("refusingInvalidRequests") == false)
    }
}
