@testable import APICheck
import Foundation
import Testing

/// A number's kind or format changed: `Int` and `Int64` are both 64-bit, so `int64` added or
/// dropped changes no value the client decodes or sends; a `Double` decodes a whole number; a
/// float's format is no matter of the generated `Double`.
@Suite struct NumberComparisonTests {
    typealias Case = OpenAPIComparisonTests.Case

    static let answerID = #"{"type": "integer", "format": "int64"}"#
    static let pathID = #""required": true, "schema": {"type": "integer"}"#

    static let cases: [Case] = [
        Case(
            label: "an answer integer lost its int64 format", change: (answerID, #"{"type": "integer"}"#),
            kind: .typeChanged, breaking: false, location: "schema Pet in answers $.id"),
        Case(
            label: "an answer integer became int32", change: (answerID, #"{"type": "integer", "format": "int32"}"#),
            kind: .typeChanged, breaking: false, location: "schema Pet in answers $.id"),
        Case(
            label: "an answer integer became int64", setup: (answerID, #"{"type": "integer"}"#),
            change: (#""id": {"type": "integer"}"#, #""id": "# + answerID),
            kind: .typeChanged, breaking: false, location: "schema Pet in answers $.id"),
        Case(
            label: "a request integer became int64",
            change: (pathID, #""required": true, "schema": {"type": "integer", "format": "int64"}"#),
            kind: .typeChanged, breaking: false, location: "GET /pets/{petId} path parameter petId"),
        Case(
            label: "a request int64 became int32: the client may send a larger value",
            setup: (pathID, #""required": true, "schema": {"type": "integer", "format": "int64"}"#),
            change: (#""format": "int64"}}, {"name": "fields""#, #""format": "int32"}}, {"name": "fields""#),
            kind: .typeChanged, breaking: true, location: "GET /pets/{petId} path parameter petId"),
        Case(
            label: "an answer integer became a number", change: (answerID, #"{"type": "number"}"#),
            kind: .typeChanged, breaking: true, location: "schema Pet in answers $.id"),
        Case(
            label: "an answer number became an integer", setup: (answerID, #"{"type": "number"}"#),
            change: (#"{"type": "number"}"#, #"{"type": "integer"}"#),
            kind: .typeChanged, breaking: false, location: "schema Pet in answers $.id"),
        Case(
            label: "a request integer became a number", change: (pathID, #""required": true, "schema": {"type": "number"}"#),
            kind: .typeChanged, breaking: false, location: "GET /pets/{petId} path parameter petId"),
        Case(
            label: "a request number became an integer", setup: (pathID, #""required": true, "schema": {"type": "number"}"#),
            change: (#""required": true, "schema": {"type": "number"}"#, pathID),
            kind: .typeChanged, breaking: true, location: "GET /pets/{petId} path parameter petId"),
        Case(
            label: "a float became a double", setup: (answerID, #"{"type": "number", "format": "float"}"#),
            change: (#""format": "float""#, #""format": "double""#),
            kind: .typeChanged, breaking: false, location: "never", count: 0),
    ]

    @Test(arguments: cases) func classifies(_ test: Case) throws {
        try OpenAPIComparisonTests().classifies(test)
    }

    /// Prefect's labels: `anyOf: [boolean, integer, number, string]`, the export's integer int64.
    @Test func anIntegerBranchThatBecameInt64IsTheSameBranch() throws {
        let labels = #""tag": {"anyOf": [{"type": "string"}, {"type": "integer"}]}"#
        let before = try OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (#""tag": {"type": "string"}"#, labels))
        let after = try OpenAPIComparisonTests.edited(before, (#"{"type": "integer"}]"#, #"{"type": "integer", "format": "int64"}]"#))
        let found = try OpenAPIComparisonTests.changes(before, after)
        #expect(found.map(\.kind) == [.typeChanged], "\(found.map(\.description))")
        #expect(found.allSatisfy { !$0.breaking }, "\(found.map(\.description))")
    }

    @Test func theMessageSaysWhyIntegersOfEitherWidthDecode() throws {
        let after = try OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (Self.answerID, #"{"type": "integer"}"#))
        #expect(
            try OpenAPIComparisonTests.changes(OpenAPIComparisonTests.base, after).map(\.description) == [
                "compatible type-changed schema Pet in answers $.id: integer (int64) became integer: Int and Int64 are both 64-bit, "
                    + "so the same values decode and encode; re-importing declares Int"
            ])
    }

    /// Prefect's `additionalProperties: true` objects, exported as a map of any value: both are
    /// `[String: JSONValue]`, no change.
    @Test func anObjectNamingNoMemberIsAMapOfAnyValue() throws {
        let open = #""tag": {"type": "object", "additionalProperties": true}"#
        let before = try OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (#""tag": {"type": "string"}"#, open))
        let after = try OpenAPIComparisonTests.edited(before, (open, #""tag": {"type": "object", "additionalProperties": {}}"#))
        #expect(try OpenAPIComparisonTests.changes(before, after).map(\.description) == [])
        let plain = try OpenAPIComparisonTests.edited(before, (open, #""tag": {"type": "object"}"#))
        #expect(try OpenAPIComparisonTests.changes(before, plain).map(\.description) == [])
        let typed = try OpenAPIComparisonTests.edited(
            before, (open, #""tag": {"type": "object", "additionalProperties": {"type": "integer"}}"#))
        #expect(try OpenAPIComparisonTests.changes(before, typed).map(\.kind) == [.typeChanged])
    }
}
