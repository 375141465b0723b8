@testable import APICheck
import Foundation
import Testing

/// A 204 is declared `NoContent` whatever content the document gives it (drf-spectacular writes
/// Label Studio's `POST /api/token/blacklist/` 204 with an "Unspecified response body" object),
/// and `apicheck openapi` writes it without content: the client reads no body either way.
@Suite struct NoContentComparisonTests {
    static let withContent =
        #""201": {"description": "made", "content": {"application/json": {"schema": {"type": "object", "additionalProperties": {}, "description": "Unspecified response body"}}}}"#
    static let noContent = #""201": {"description": "made"}"#

    static func document(_ answer: String, status: String) throws -> String {
        try OpenAPIComparisonTests.edited(
            OpenAPIComparisonTests.base, (Self.noContent, answer.replacingOccurrences(of: "\"201\"", with: "\"\(status)\"")))
    }

    @Test func a204WithContentAndOneWithoutAreNoChange() throws {
        let documented = try Self.document(Self.withContent, status: "204")
        let exported = try Self.document(Self.noContent, status: "204")
        #expect(try OpenAPIComparisonTests.changes(documented, exported).map(\.description) == [])
        #expect(try OpenAPIComparisonTests.changes(exported, documented).map(\.description) == [])
    }

    @Test func anotherSuccessThatLosesItsJSONBodyStillBreaks() throws {
        let before = try Self.document(Self.withContent, status: "201")
        let after = OpenAPIComparisonTests.base
        let found = try OpenAPIComparisonTests.changes(before, after)
        #expect(found.map(\.kind) == [.contentChanged])
        #expect(found.first?.breaking == true)
    }
}
