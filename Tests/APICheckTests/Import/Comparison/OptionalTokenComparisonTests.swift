@testable import APICheck
import Foundation
import Testing

/// drf-spectacular's optional token (`{}` beside the scheme: Mayan EDMS's object reads) is one the
/// package sends, and its `apicheck openapi` export writes the scheme alone: one requirement, no
/// "now requires a token". An operation that took no token and now takes one optionally does.
@Suite struct OptionalTokenComparisonTests {
    static func document(_ security: String) throws -> String {
        try OpenAPIComparisonTests.edited(
            OpenAPIComparisonTests.base, (#""operationId": "addPet","#, #""operationId": "addPet", "security": "# + security + ","))
    }

    @Test func anOptionalTokenAndTheSchemeAloneAreNoChange() throws {
        let documented = try Self.document(#"[{"key": []}, {}]"#)
        let exported = try Self.document(#"[{"key": []}]"#)
        #expect(try OpenAPIComparisonTests.changes(documented, exported).map(\.description) == [])
        #expect(try OpenAPIComparisonTests.changes(exported, documented).map(\.description) == [])
    }

    @Test func noTokenThenAnOptionalOneIsSentNow() throws {
        let found = try OpenAPIComparisonTests.changes(try Self.document("[{}]"), try Self.document(#"[{"key": []}, {}]"#))
        #expect(found.map(\.kind) == [.tokenRequired], "\(found.map(\.description))")
    }
}
