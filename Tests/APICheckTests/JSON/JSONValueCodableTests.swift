import APICheck
import Foundation
import Testing

/// `JSONValue` as a property of a decode type (what `import-openapi` declares for a schema it does
/// not map): any JSON decodes, integers keep their text, and it encodes back.
@Suite struct JSONValueCodableTests {
    @Test func jsonValueDecodesAnyJSONAndEncodesItBack() throws {
        let data = Data(#"{"a":[1,2.5,"x",true,null,{"b":{}}]}"#.utf8)
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(value["a"]?[0] == .number("1"))
        #expect(value["a"]?[4] == .null)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == #"{"a":[1,2.5,"x",true,null,{"b":{}}]}"#)
    }

    @Test func aPropertyOfAnyJSONDecodesThroughTheProjectsDecoder() throws {
        struct Holder: Decodable { var value: JSONValue; var missing: JSONValue? }
        let document = try JSONParser.parse(#"{"value": {"id": 4130540976425200, "tags": ["a"]}}"#)
        let holder = try JSONValueDecoder().decode(Holder.self, from: document).value
        #expect(holder.value["id"] == .number("4130540976425200"))
        #expect(holder.value["tags"] == .array([.string("a")]))
        #expect(holder.missing == nil)
    }

    /// A null is a value of any JSON: through this project's decoder as through JSONDecoder.
    @Test func aNullDecodesAsNull() throws {
        struct Holder: Decodable { var value: JSONValue }
        let text = #"{"value": null}"#
        #expect(try JSONValueDecoder().decode(Holder.self, from: try JSONParser.parse(text)).value.value == .null)
        #expect(try JSONDecoder().decode(Holder.self, from: Data(text.utf8)).value == .null)
    }
}
