import APICheck
import Foundation
import Testing
import YAMLReader

/// YAML read by libyaml into the JSON value an OpenAPI document is: scalars typed as YAML 1.2's
/// core schema reads them, keys as written, anchors, aliases and merge keys followed, and errors
/// with their line and column.
@Suite struct YAMLDocumentTests {
    func parse(_ text: String) throws(YAMLError) -> JSONValue {
        try YAMLDocument.parse(Data(text.utf8))
    }

    @Test func mappingsSequencesAndScalars() throws {
        let value = try parse("""
            openapi: 3.0.3
            info:
              title: "Pets: the API"
              version: '1.0'
            responses:
              200:
                description: ok
            list: [1, -2.5, 1e3, 0x1F, .5, true, False, ~, null, yes, "3", 007]
            block: |
              two
              lines
            empty:
            """)
        #expect(value["openapi"] == .string("3.0.3"))
        #expect(value["info"]?["title"] == .string("Pets: the API"))
        #expect(value["info"]?["version"] == .string("1.0"))
        #expect(value["responses"]?["200"]?["description"] == .string("ok"))
        #expect(value["list"] == .array([
            .number("1"), .number("-2.5"), .number("1e3"), .number("31"), .number("0.5"), .bool(true), .bool(false),
            .null, .null, .string("yes"), .string("3"), .number("7"),
        ]))
        #expect(value["block"] == .string("two\nlines\n"))
        #expect(value["empty"] == .null)
        // Keys keep the document's order.
        if case let .object(members) = value {
            #expect(members.map(\.key) == ["openapi", "info", "responses", "list", "block", "empty"])
        }
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let value = try parse("""
            base: &base {type: object, required: [id]}
            pet:
              <<: *base
              type: record
            again: *base
            """)
        #expect(value["pet"]?["type"] == .string("record"))
        #expect(value["pet"]?["required"] == .array([.string("id")]))
        #expect(value["again"]?["type"] == .string("object"))
    }

    @Test func aSyntaxErrorSaysWhere() {
        #expect(throws: YAMLError.self) { try parse("a: [1, 2\nb: 3\n") }
        do {
            _ = try parse("key: value\n  bad: indent\n")
            Issue.record("bad indentation parsed")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("YAML line 2, column "))
        }
        #expect(throws: YAMLError.self) { try parse("a: *nowhere\n") }
    }
}
