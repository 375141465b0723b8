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
        let value = try parse(
            """
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
        #expect(
            value["list"]
                == .array([
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
        let value = try parse(
            """
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

/// Hostile YAML is an error with a message, never a crash or a value no reader can walk: nesting
/// past the limit, and aliases of aliases that stand for billions of values.
@Suite struct YAMLLimitsTests {
    @Test func nestingPastTheLimitIsAnError() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: YAMLError.self) { try YAMLDocument.parse(Data(deep.utf8)) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? YAMLDocument.parse(Data(fine.utf8))) != nil)
    }

    /// Keys are indexed as they are read: 200,000 of them in one mapping is a linear read (the
    /// time limit stands for a quadratic one), and a key given twice keeps the last value.
    @Test(.timeLimit(.minutes(1))) func aMappingOfManyKeysAndARepeatedKey() throws {
        let many = (0..<200_000).map { "k\($0): \($0)" }.joined(separator: "\n")
        guard case let .object(members) = try YAMLDocument.parse(Data(many.utf8)) else {
            Issue.record("not a mapping")
            return
        }
        #expect(members.count == 200_000)
        let twice = try YAMLDocument.parse(Data("a: 1\nb: 2\na: 3\n".utf8))
        #expect(twice == .object([("a", .number("3")), ("b", .number("2"))]))
    }

    @Test func aliasesThatStandForBillionsOfValuesAreAnError() throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        do {
            _ = try YAMLDocument.parse(Data(text.utf8))
            Issue.record("a billion laughs was read")
        } catch {
            #expect(error.description.contains("aliases stand for more than"), "\(error)")
        }
        // A few aliases are fine.
        let small = try YAMLDocument.parse(Data("a: &a [1, 2]\nb: *a\n".utf8))
        #expect(small["b"] == .array([.number("1"), .number("2")]))
    }
}
