@testable import APICheck
import Foundation
import Testing

/// An error status added or removed is listed where its answer has an example, which the import
/// makes a mock (a scenario) of; one without declares nothing of the operation, and the export
/// writes no status the package has nothing of, so it is no change: Superset's document against
/// its own package's re-export listed 1,148 such statuses, Airflow's 536.
@Suite struct ErrorStatusComparisonTests {
    typealias Case = OpenAPIComparisonTests.Case

    static let cases: [Case] = [
        Case(
            label: "an error status added with an example, which the import makes a mock of",
            change: (
                #""404": {"description": "none"}"#,
                #""404": {"description": "none"}, "429": {"description": "slow", "content": {"application/json": {"example": {"wait": 1}}}}"#
            ),
            kind: .statusAdded, breaking: false, location: "GET /pets/{petId} response 429"),
        Case(
            label: "an error status added without an example",
            change: (#""404": {"description": "none"}"#, #""404": {"description": "none"}, "429": {"description": "slow"}"#),
            kind: .statusAdded, breaking: false, location: "never", count: 0),
        Case(
            label: "an error status removed without an example",
            change: (#""404": {"description": "none"}"#, #""429": {"description": "slow"}"#),
            kind: .statusRemoved, breaking: false, location: "never", count: 0),
    ]

    @Test(arguments: cases) func classifies(_ test: Case) throws {
        try OpenAPIComparisonTests().classifies(test)
    }

    /// Another success status is declared (`alsoSucceeding(with:)`) with or without an example.
    @Test func anotherSuccessStatusIsListedWithoutAnExample() throws {
        let after = try OpenAPIComparisonTests.edited(
            OpenAPIComparisonTests.base,
            (#""404": {"description": "none"}"#, #""404": {"description": "none"}, "202": {"description": "later"}"#))
        let found = try OpenAPIComparisonTests.changes(OpenAPIComparisonTests.base, after)
        #expect(found.map(\.kind) == [.statusAdded], "\(found.map(\.description))")
    }
}
