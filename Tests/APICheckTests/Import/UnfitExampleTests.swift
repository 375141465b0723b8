@testable import APICheck
import Foundation
import Testing

/// A document's example that does not fit its own schema (Superset's `viz_type`, a string whose
/// example is an array) is not copied into what the import makes: a mock holding it fails
/// `apicheck mocks`, a request body holding it does not decode. It is noted where it is, once.
@Suite struct UnfitExampleTests {
    static let chart = """
        "Chart": {"type": "object", "required": ["slice_name", "viz_type"], "properties": {
          "slice_name": {"type": "string", "example": "Sales"},
          "viz_type": {"type": "string", "example": ["bar", "area", "table"]},
          "cache_timeout": {"type": "integer", "example": 1.5, "default": 60}}}
        """

    @Test func aPropertysExampleThatDoesNotFitIsPassedOverAndNotedOnce() throws {
        let json = ##"{"application/json": {"schema": {"$ref": "#/components/schemas/Chart"}}}"##
        let fixture = try ImportFixture(
            schemas: Self.chart,
            paths: """
                "/chart": {"post": {"operationId": "createChart", "requestBody": {"content": \(json)},
                                    "responses": {"201": {"description": "made", "content": \(json)}}}},
                "/chart/{pk}": {"put": {"operationId": "updateChart",
                  "parameters": [{"name": "pk", "in": "path", "required": true, "schema": {"type": "integer"}}],
                  "requestBody": {"content": \(json)}, "responses": {"200": {"description": "ok", "content": \(json)}}}}
                """)
        let mock = fixture.file("mocks/createChart.json") ?? ""
        #expect(mock.contains(#""viz_type" : "string""#) || mock.contains(#""viz_type": "string""#), "\(mock)")
        #expect(mock.contains(#""slice_name""#) && mock.contains("Sales"), "\(mock)")
        #expect(mock.contains("60"), "the default fits where the example does not: \(mock)")
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#""viz_type":"string""#), "\(group)")
        #expect(!group.contains("area"), "\(group)")
        let notes = fixture.notes.filter { $0.contains("does not fit its schema") }
        #expect(
            notes == [
                "not mapped: #/components/schemas/Chart/properties/viz_type/example: the example does not fit its schema ($: expected String, found Array): mocks and bodies made from the schema hold a value of its type instead",
                "not mapped: #/components/schemas/Chart/properties/cache_timeout/example: the example does not fit its schema ($: expected Int, found Double): mocks and bodies made from the schema hold a value of its type instead",
            ], "\(fixture.notes)")
    }

    /// An answer's or a body's own example is checked as well: each is noted (the document's
    /// mistake) and replaced by one made from the schema, so the package passes its own `mocks`
    /// and `serve` starts (13 of Label Studio's answers' examples lack a required member).
    @Test func aWholeExampleThatDoesNotFitIsNoted() throws {
        let fixture = try ImportFixture(
            schemas: Self.chart,
            paths: """
                "/chart": {"post": {"operationId": "createChart",
                  "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Chart"},
                                                                   "example": {"viz_type": "bar"}}}},
                  "responses": {"201": {"description": "made", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Chart"}, "example": {"slice_name": 7}}}}}}}
                """)
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1chart/post/requestBody/content/application~1json/example: the example does not fit its schema ($.slice_name: required, found absent): the body live sends is made from the schema"
            ), "\(fixture.notes)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1chart/post/responses/201/content/application~1json/example: the example does not fit its schema ($.slice_name: expected String, found Int): mocks/createChart.json is made from the schema instead; fix the example, or the schema where the server answers as the example does"
            ), "\(fixture.notes)")
        #expect(!fixture.notes.contains { $0.contains("no example: the body live sends") }, "\(fixture.notes)")
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#""slice_name":"Sales""#), "\(group)")
        let mock = try JSONParser.parse(Data((fixture.file("mocks/createChart.json") ?? "").utf8))
        #expect(OpenAPISource.string(mock["slice_name"]) != nil && OpenAPISource.string(mock["viz_type"]) != nil, "\(mock)")
        #expect(fixture.file("mocks/.made-up")?.contains("createChart.json") == true)
    }

    /// What fits is what the declared types decode: an unlisted enum value or discriminator value
    /// (open), null in an optional member, a whole number written `2.0`.
    @Test func whatTheDeclaredTypesDecodeFits() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"{"components": {"schemas": {"Cat": {"type": "object", "required": ["kind", "lives"], "properties": {"kind": {"type": "string"}, "lives": {"type": "integer"}}}, "Dog": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}}}}}"##
            ))
        let fit = ExampleFit(source: source)
        func misfit(_ value: String, _ schema: String) throws -> String? {
            fit.describe(try JSONParser.parse(value), try JSONParser.parse(schema))
        }
        let cat = ##"{"$ref": "#/components/schemas/Cat"}"##
        #expect(try misfit(#""purple""#, #"{"type": "string", "enum": ["red"]}"#) == nil)
        let dog = ##"{"$ref": "#/components/schemas/Dog"}"##
        #expect(try misfit(#"{"kind": "parrot"}"#, #"{"oneOf": [\#(cat), \#(dog)], "discriminator": {"propertyName": "kind"}}"#) == nil)
        #expect(try misfit(#"{"kind": "cat", "lives": 2.0}"#, cat) == nil)
        #expect(try misfit(#"{"a": null}"#, #"{"type": "object", "properties": {"a": {"type": "string"}}}"#) == nil)
        #expect(try misfit("null", #"{"type": "string", "nullable": true}"#) == nil)
        #expect(try misfit("null", #"{"anyOf": [{"type": "string"}, {"type": "null"}]}"#) == nil)
        #expect(try misfit("[1, 2]", "{}") == nil)
        #expect(try misfit(#"{"kind": "cat", "lives": "9"}"#, cat) == "$.lives: expected Int, found String")
        #expect(try misfit(#"[{"kind": "cat"}]"#, #"{"type": "array", "items": \#(cat)}"#) == "$[0].lives: required, found absent")
        #expect(try misfit("null", #"{"type": "string"}"#) == "$: expected a value, found null")
        #expect(try misfit("true", #"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#) == "$: no branch of its anyOf fits")
        #expect(
            try misfit(#"{"k": 1}"#, #"{"type": "object", "additionalProperties": {"type": "string"}}"#)
                == "$.k: expected String, found Int")
    }
}
