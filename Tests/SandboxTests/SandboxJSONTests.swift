import Foundation
import Testing
@testable import Sandbox

@Suite struct SandboxJSONTests {
    @Test func compactTextKeepsOrderAndExactNumbers() {
        let value = SandboxJSON.object([
            ("z", .int(4_130_540_976_425_200)), ("a", .double(1_700_000_000.123)), ("m", .double(2)),
            ("b", .bool(false)), ("n", .null), ("s", .string("引号\"\\/\n\u{01}")), ("e", .array([])),
            ("o", .object([])),
        ])
        #expect(
            value.compactText
                == #"{"z":4130540976425200,"a":1700000000.123,"m":2.0,"b":false,"n":null,"s":"引号\"\\/\n\u0001","e":[],"o":{}}"#)
    }

    @Test func prettyTextIndentsByTwo() {
        let value = SandboxJSON.object([("code", .int(200)), ("datas", .array([.object([("a", .int(1))]), .array([])]))])
        #expect(
            value.prettyText == """
                {
                  "code": 200,
                  "datas": [
                    {
                      "a": 1
                    },
                    []
                  ]
                }
                """)
    }

    @Test(arguments: [
        #"{"a":[1,-2,3.5,1e3,true,false,null,"x"],"b":{"c":"\u00e9\ud83d\ude00"}}"#,
        " [ ] ", "\"text\"", "0", "-0.5",
    ])
    func parsesWhatItShould(text: String) throws {
        let value = try SandboxJSONParser.parse(text)
        #expect(try SandboxJSONParser.parse(value.compactText) == value)
    }

    @Test func parsedValuesKeepTheirTypes() throws {
        let value = try SandboxJSONParser.parse(#"{"id":4130540976425001,"s":"12","d":1.5,"b":true,"u":"\u00e9\ud83d\ude00"}"#)
        #expect(value["id"] == .int(4_130_540_976_425_001))
        #expect(value["s"] == .string("12"))
        #expect(value["d"] == .double(1.5))
        #expect(value["b"] == .bool(true))
        #expect(value["u"] == .string("é😀"))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "01", "1.", "\"\\x\"", "{} {}", "\"a\nb\"", "nul"])
    func rejectsWhatItShould(text: String) {
        #expect(throws: SandboxJSONParser.Failure.self) { try SandboxJSONParser.parse(text) }
    }

    @Test func rewritesKeepPositions() {
        let value = SandboxJSON.object([("a", .int(1)), ("b", .array([.object([("a", .int(2)), ("c", .int(3))])]))])
        #expect(value.renamingKeys("a", to: "x").compactText == #"{"x":1,"b":[{"x":2,"c":3}]}"#)
        #expect(value.replacingValues(of: "a", with: .string("1")).compactText == #"{"a":"1","b":[{"a":"1","c":3}]}"#)
        #expect(value.removingMembers("a").compactText == #"{"b":[{"c":3}]}"#)
        #expect(value.addingMember("c", value: .null).compactText == #"{"a":1,"b":[{"a":2,"c":3}],"c":null}"#)
    }
}
