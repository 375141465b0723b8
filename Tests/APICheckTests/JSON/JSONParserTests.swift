@testable import APICheck
import Foundation
import Testing

@Suite struct JSONParserTests {
    @Test func parsesEveryKindKeepingOrderAndNumberText() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": [true, null, "x\u00e9\n"], "id": 4130540976425001, "f": -1.5e3}"#)
        guard case let .object(members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "id", "f"])
        #expect(value["a"] == .array([.bool(true), .null, .string("xé\n")]))
        #expect(value["id"]?.int64Value == 4_130_540_976_425_001)
        #expect(value["f"]?.doubleValue == -1500)
        #expect(value["b"]?.kindName == "Int")
        #expect(value["f"]?.kindName == "Double")
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: [
        ("", "empty document"),
        ("{\"a\": }", "unexpected character '}'"),
        ("[1, 2", "unexpected end of input in an array"),
        ("{\"a\": 1} x", "unexpected text after the JSON value"),
        ("<html><body>502 Bad Gateway</body></html>", "unexpected character '<'"),
        ("{\"a\": 01}", "expected ',' or '}' in an object"),
        ("\"unterminated", "unterminated string"),
        ("[1.]", "invalid number: digits expected after '.'"),
    ])
    func rejectsBrokenDocuments(_ text: String, _ reason: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do { _ = try JSONParser.parse(text) } catch { #expect(error.reason == reason) }
    }

    @Test func errorNamesLineColumnAndPath() {
        do {
            _ = try JSONParser.parse("{\n  \"datas\": {\"statuses\": [1, tru]}\n}")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 2)
            #expect(error.path.description == "$.datas.statuses[1]")
            #expect(error.description.contains("line 2"))
        }
    }

    /// A name on the path is read again from the document only when an error names it: escapes
    /// and characters past ASCII come out as they parsed, and a sibling's name never stands in.
    @Test func anErrorsPathHasItsNamesAsTheyParsed() {
        do {
            _ = try JSONParser.parse(#"{"a": 1, "na\u006De \"q\"": [{"x": 1}, {"café": {"y": tru}}]}"#)
            Issue.record("parsed")
        } catch {
            #expect(error.path.description == JSONPath([.key("name \"q\""), .index(1), .key("café"), .key("y")]).description)
        }
    }

    @Test func hundredThousandDeepIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONParser.parse("{\"datas\": \(deep)}")
            Issue.record("parsed")
        } catch {
            #expect(error.reason == "nesting deeper than 512 levels")
            #expect(error.path.description.hasPrefix("$.datas[0][0]"))
            #expect(error.pathIsTruncated)
            #expect(error.description.hasSuffix("[0][0]…)"))
        }
    }

    /// The cap is exact and the same for arrays, objects and both mixed: 512 levels parse, 513 do not.
    @Test(arguments: [("[", "]"), ("{\"k\":", "}"), ("[{\"k\":", "}]")])
    func nestingIsCappedAtExactly512Levels(_ open: String, _ close: String) throws {
        func nested(_ levels: Int) -> String {
            let pairs = levels / (open.hasPrefix("[{") ? 2 : 1)
            return String(repeating: open, count: pairs) + "0" + String(repeating: close, count: pairs)
        }
        #expect(throws: Never.self) { try JSONParser.parse(nested(512)) }
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(nested(514)) }
        #expect(error?.reason == "nesting deeper than 512 levels")
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[" + nested(512) + "]") }
    }

    @Test func renderingRoundTrips() throws {
        let text = #"{"a":[1,2.5,"q\"uote"],"b":{"c":null,"d":false}}"#
        let value = try JSONParser.parse(text)
        #expect(value.compactText == text)
        #expect(try JSONParser.parse(value.prettyText) == value)
    }
}
