@testable import APICheck
import Foundation
import Testing

/// Values made from schemas: the schema's own values first, a plausible one per type, ending on
/// recursive schemas.
@Suite struct ExampleMakerTests {
    @Test func aValuePerTypeTheSchemasOwnValuesFirst() throws {
        let source = OpenAPISource(root: try JSONParser.parse(##"{"components": {"schemas": {"Node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "next": {"$ref": "#/components/schemas/Node"}}}}}}"##))
        let maker = ExampleMaker(source: source)
        func made(_ schema: String) throws -> String { maker.value(for: try JSONParser.parse(schema)).compactText }
        #expect(try made(#"{"type": "integer"}"#) == "1")
        #expect(try made(#"{"type": "string", "format": "date-time"}"#) == #""2026-01-01T12:00:00Z""#)
        #expect(try made(#"{"type": "string", "enum": ["b", "a"]}"#) == #""b""#)
        #expect(try made(#"{"type": "integer", "example": 42}"#) == "42")
        #expect(try made(#"{"type": "object", "additionalProperties": {"type": "boolean"}}"#) == #"{"key":true}"#)
        #expect(try made(#"{"type": ["array", "null"], "items": {"type": "number"}}"#) == "[1.5]")
        // A recursive schema ends: past a depth only the required members are made.
        let node = try made(##"{"$ref": "#/components/schemas/Node"}"##)
        #expect(node.hasPrefix(#"{"name":"string","next":{"name":"string","next":"#))
    }

    @Test func aDiscriminatedOneOfIsMadeAsItsFirstBranchWithTheValueThatSelectsIt() throws {
        let source = OpenAPISource(root: try JSONParser.parse(##"{"components": {"schemas": {"Cat": {"type": "object", "properties": {"kind": {"type": "string"}, "name": {"type": "string"}}}}}}"##))
        let schema = ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat"}}}"##
        let made = ExampleMaker(source: source).value(for: try JSONParser.parse(schema))
        #expect(made.compactText == #"{"kind":"cat","name":"string"}"#)
    }
}
