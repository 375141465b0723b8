@testable import APICheck
import Foundation
import Testing

/// A member an object requires but allows to be null is a Swift optional in the generated type:
/// an answer without it decodes, so removing it breaks no client, and making it optional changes
/// nothing the client decodes or sends: no change.
@Suite struct NullableMemberComparisonTests {
    typealias Case = OpenAPIComparisonTests.Case

    static let nullableName = (#""name": {"type": "string"}, "tag""#, #""name": {"type": "string", "nullable": true}, "tag""#)
    /// As FastAPI writes `Optional[str]` in OpenAPI 3.1.
    static let nullBranchName = (
        #""name": {"type": "string"}, "tag""#, #""name": {"anyOf": [{"type": "string"}, {"type": "null"}]}, "tag""#
    )

    static let cases: [Case] = [
        Case(
            label: "a required nullable answer field made optional", setup: nullableName,
            change: (#""required": ["id", "name"]"#, #""required": ["id"]"#),
            kind: .madeOptional, breaking: false, location: "never", count: 0),
        Case(
            label: "a required answer field with a null branch made optional", setup: nullBranchName,
            change: (#""required": ["id", "name"]"#, #""required": ["id"]"#),
            kind: .madeOptional, breaking: false, location: "never", count: 0),
        Case(
            label: "a required nullable answer field removed", setup: nullBranchName,
            change: (#""format": "int64"}, "name": {"anyOf": [{"type": "string"}, {"type": "null"}]},"#, #""format": "int64"},"#),
            kind: .fieldRemoved, breaking: false, location: "schema Pet in answers $.name"),
        Case(
            label: "a required request field that may be null made optional",
            setup: (#""name": {"type": "string"}, "nickname""#, #""name": {"type": "string", "nullable": true}, "nickname""#),
            change: (#""required": ["name"]"#, #""required": []"#),
            kind: .madeOptional, breaking: false, location: "never", count: 0),
    ]

    @Test(arguments: cases) func classifies(_ test: Case) throws {
        try OpenAPIComparisonTests().classifies(test)
    }

    /// The generated optional decodes the newer answers (a nullable member made optional) and the
    /// older ones (an optional member made required and nullable): the struct is the same.
    @Test func aMemberThatStaysASwiftOptionalIsNoChange() throws {
        let before = try OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, Self.nullableName)
        let after = try OpenAPIComparisonTests.edited(before, (#""required": ["id", "name"]"#, #""required": ["id"]"#))
        #expect(try OpenAPIComparisonTests.changes(before, after).map(\.description) == [])
        #expect(try OpenAPIComparisonTests.changes(after, before).map(\.description) == [])
    }

    /// drf-spectacular's nullable choice: `allOf` of a type-less enum of strings, `nullable`. The
    /// generator declares it a string enum, and `apicheck openapi` exports it as `type: [string,
    /// null]`: reading the original as `any` reported three false breaking changes on Label Studio.
    @Test func aTypelessStringEnumIsAString() throws {
        let before = try OpenAPIComparisonTests.edited(
            OpenAPIComparisonTests.base,
            (
                #""size": {"type": "string", "enum": ["small", "large"]}}},"#,
                ##""size": {"allOf": [{"$ref": "#/components/schemas/Size"}], "nullable": true}}}, "Size": {"enum": ["small", "large"]},"##
            ))
        let after = try OpenAPIComparisonTests.edited(
            OpenAPIComparisonTests.base,
            (
                #""size": {"type": "string", "enum": ["small", "large"]}"#,
                #""size": {"type": ["string", "null"], "enum": ["small", "large", null]}"#
            ))
        let found = try OpenAPIComparisonTests.changes(before, after)
        #expect(!found.contains { $0.kind == .typeChanged }, "\(found.map(\.description))")
        #expect(found.allSatisfy { !$0.breaking }, "\(found.map(\.description))")
    }
}
