@testable import APICheck
import Foundation
import Testing

/// Values made from schemas: the schema's own values first, a plausible one per type, ending on
/// recursive schemas.
@Suite struct ExampleMakerTests {
    @Test func aValuePerTypeTheSchemasOwnValuesFirst() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"{"components": {"schemas": {"Node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "next": {"$ref": "#/components/schemas/Node"}}}}}}"##
            ))
        let maker = ExampleMaker(source: source)
        func made(_ schema: String) throws -> String { maker.value(for: try JSONParser.parse(schema)).compactText }
        #expect(try made(#"{"type": "integer"}"#) == "1")
        #expect(try made(#"{"type": "string", "format": "date-time"}"#) == #""2026-01-01T12:00:00Z""#)
        #expect(try made(#"{"type": "string", "enum": ["b", "a"]}"#) == #""b""#)
        #expect(try made(#"{"type": "integer", "example": 42}"#) == "42")
        #expect(try made(#"{"type": "object", "additionalProperties": {"type": "boolean"}}"#) == #"{"key":true}"#)
        #expect(try made(#"{"type": ["array", "null"], "items": {"type": "number"}}"#) == "[1.5]")
        // A recursive schema ends: a reference met again makes its required members only.
        #expect(try made(##"{"$ref": "#/components/schemas/Node"}"##) == #"{"name":"string","next":{"name":"string"}}"#)
    }

    /// A FastAPI document (Prefect's) wraps each optional member in `anyOf: [X, null]` and nests
    /// settings six levels deep: the mock made from it had only the required members past the
    /// fourth level, so `live` against a server answering as the schema says warned of every
    /// deeper member as "read by the decode type but not in the mock". Every member is made now.
    @Test func everyMemberHoweverDeepIsMade() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"""
                {"components": {"schemas": {
                  "Settings": {"type": "object", "properties": {"server": {"anyOf": [{"$ref": "#/components/schemas/Server"}, {"type": "null"}]}}},
                  "Server": {"type": "object", "properties": {"database": {"anyOf": [{"$ref": "#/components/schemas/Database"}, {"type": "null"}]}}},
                  "Database": {"type": "object", "properties": {"sqlalchemy": {"anyOf": [{"$ref": "#/components/schemas/SQLAlchemy"}, {"type": "null"}]}}},
                  "SQLAlchemy": {"type": "object", "properties": {"connect_args": {"type": "object", "properties": {
                    "application_name": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    "tls": {"type": "object", "properties": {"enabled": {"type": "boolean"}}}}}}}}}}
                """##))
        let made = ExampleMaker(source: source).value(for: try JSONParser.parse(##"{"$ref": "#/components/schemas/Settings"}"##))
        #expect(
            made.compactText
                == #"{"server":{"database":{"sqlalchemy":{"connect_args":{"application_name":"string","tls":{"enabled":true}}}}}}"#)
    }

    @Test func aDiscriminatedOneOfIsMadeAsItsFirstBranchWithTheValueThatSelectsIt() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"{"components": {"schemas": {"Cat": {"type": "object", "properties": {"kind": {"type": "string"}, "name": {"type": "string"}}}}}}"##
            ))
        let schema =
            ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat"}}}"##
        let made = ExampleMaker(source: source).value(for: try JSONParser.parse(schema))
        #expect(made.compactText == #"{"kind":"cat","name":"string"}"#)
    }

    /// pygeoapi's features describe their geometry as `allOf: [{$ref: geometryGeoJSON}]` (with or
    /// without `nullable`), a `oneOf` of GeoJSON geometries: merged as an object's members, the
    /// reference added none and the mock's geometry was `{}`, which no branch decodes. A Point's
    /// coordinates (`minItems: 2`) had one number.
    @Test func anAllOfOfOneReferenceIsThatReferenceAndAnArrayHasItsMinimumItems() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"""
                {"components": {"schemas": {
                  "point": {"type": "object", "required": ["type", "coordinates"], "properties": {
                    "type": {"type": "string", "enum": ["Point"]},
                    "coordinates": {"type": "array", "minItems": 2, "items": {"type": "number"}}}},
                  "line": {"type": "object", "required": ["type", "coordinates"], "properties": {
                    "type": {"type": "string", "enum": ["LineString"]},
                    "coordinates": {"type": "array", "minItems": 2, "items": {"$ref": "#/components/schemas/point/properties/coordinates"}}}},
                  "geometry": {"oneOf": [{"$ref": "#/components/schemas/point"}, {"$ref": "#/components/schemas/line"}]}}}}
                """##))
        let maker = ExampleMaker(source: source)
        func made(_ schema: String) throws -> String { maker.value(for: try JSONParser.parse(schema)).compactText }
        let point = #"{"type":"Point","coordinates":[1.5,1.5]}"#
        #expect(try made(##"{"allOf": [{"$ref": "#/components/schemas/geometry"}]}"##) == point)
        #expect(try made(##"{"allOf": [{"$ref": "#/components/schemas/geometry"}], "nullable": true}"##) == point)
        #expect(
            try made(##"{"type": "object", "properties": {"geometry": {"allOf": [{"$ref": "#/components/schemas/geometry"}]}}}"##)
                == #"{"geometry":"# + point + "}")
        #expect(try made(##"{"$ref": "#/components/schemas/line"}"##) == #"{"type":"LineString","coordinates":[[1.5,1.5],[1.5,1.5]]}"#)
        #expect(try made(#"{"type": "array", "minItems": 0, "items": {"type": "integer"}}"#) == "[1]")
        // An untyped item is none: a request body of `[null]` is refused where `[]` is taken.
        #expect(try made(#"{"type": "array", "items": {}}"#) == "[]")
        #expect(
            try made(#"{"type": "object", "properties": {"ids": {"type": "array", "items": {"description": "any"}}}}"#) == #"{"ids":[]}"#)
        #expect(try made(#"{"type": "array", "minItems": 1, "items": {}}"#) == "[null]")
    }

    /// A request body leaves out what the server sets (`readOnly`: Airflow refuses "Property is
    /// read-only"); an answer leaves out what the server never sends back (`writeOnly`).
    @Test func readOnlyIsLeftOutOfRequestsAndWriteOnlyOutOfAnswers() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"{"components": {"schemas": {"Slots": {"type": "integer", "readOnly": true}}}}"##))
        let schema = try JSONParser.parse(
            ##"{"type": "object", "properties": {"name": {"type": "string"}, "open": {"$ref": "#/components/schemas/Slots"},"##
                + ##" "created": {"type": "string", "readOnly": true}, "password": {"type": "string", "writeOnly": true}}}"##)
        #expect(ExampleMaker(source: source, purpose: .request).value(for: schema).compactText == #"{"name":"string","password":"string"}"#)
        #expect(ExampleMaker(source: source).value(for: schema).compactText == #"{"name":"string","open":1,"created":"string"}"#)
    }

    /// Alertmanager's `postableSilence`: with every member filled, its optional `id` made the
    /// create an update of a silence that does not exist (404), and `startsAt` equal to `endsAt`,
    /// in the past, was refused (400). A made-up request holds the required members only, and its
    /// dates are distinct, ahead and increasing; an answer is made as before.
    @Test func aRequestHoldsTheRequiredMembersOnlyWithDistinctFutureDates() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"""
                {"components": {"schemas": {
                  "silence": {"type": "object", "required": ["comment", "startsAt", "endsAt"], "properties": {
                    "comment": {"type": "string"}, "startsAt": {"type": "string", "format": "date-time"},
                    "endsAt": {"type": "string", "format": "date-time"}, "day": {"type": "string", "format": "date"}}},
                  "postableSilence": {"allOf": [{"type": "object", "properties": {"id": {"type": "string"}}},
                                               {"$ref": "#/components/schemas/silence"}]}}}}
                """##))
        let schema = try JSONParser.parse(##"{"$ref": "#/components/schemas/postableSilence"}"##)
        #expect(
            ExampleMaker(source: source, purpose: .request).value(for: schema).compactText
                == #"{"comment":"string","startsAt":"2100-01-01T00:00:00Z","endsAt":"2100-01-02T00:00:00Z"}"#)
        #expect(
            ExampleMaker(source: source).value(for: schema).compactText
                == #"{"id":"string","comment":"string","startsAt":"2026-01-01T12:00:00Z","endsAt":"2026-01-01T12:00:00Z","day":"2026-01-01"}"#
        )
        // Without required members every one is made, dates still in order.
        let open = try JSONParser.parse(
            #"{"type": "object", "properties": {"from": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "date-time"}}}"#
        )
        #expect(
            ExampleMaker(source: source, purpose: .request).value(for: open).compactText
                == #"{"from":"2100-01-01","to":"2100-01-02T00:00:00Z"}"#)
        // A document that lists `endsAt` first (go-swagger writes members sorted: Alertmanager's
        // served document) still gets a start before its end, which the server checks (400).
        let sorted = try JSONParser.parse(
            #"{"type": "object", "required": ["endsAt", "startsAt"], "properties": {"endsAt": {"type": "string", "format": "date-time"}, "startsAt": {"type": "string", "format": "date-time"}}}"#
        )
        #expect(
            ExampleMaker(source: source, purpose: .request).value(for: sorted).compactText
                == #"{"endsAt":"2100-01-02T00:00:00Z","startsAt":"2100-01-01T00:00:00Z"}"#)
        // `datetime` is a date-time as some documents spell it (Apache Airflow's): not "string".
        let spelled = try JSONParser.parse(#"{"type": "object", "properties": {"at": {"type": "string", "format": "datetime"}}}"#)
        #expect(ExampleMaker(source: source, purpose: .request).value(for: spelled).compactText == #"{"at":"2100-01-01T00:00:00Z"}"#)
        #expect(ExampleMaker(source: source).value(for: spelled).compactText == #"{"at":"2026-01-01T12:00:00Z"}"#)
    }

    /// Prefect: a trigger branch's `type` is a `const` with a default, so optional; its decoding
    /// is told the branch by it, and without it the made-up body did not decode at all (live sent
    /// none). A body that requires nothing is filled whole, defaults included: `{}` to a bulk
    /// delete's filter would match every row. A tuple (`prefixItems`) holds a value per place.
    @Test func oneValueMembersAreMadeAndABodyRequiringNothingIsFilledWhole() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"""
                {"components": {"schemas": {
                  "Trigger": {"type": "object", "required": ["posture"], "properties": {
                    "type": {"const": "event", "default": "event"}, "kind": {"type": "string", "enum": ["only"]},
                    "posture": {"type": "string"}, "within": {"type": "integer", "default": 0}}},
                  "Filter": {"type": "object", "properties": {
                    "offset": {"type": "integer", "default": 0}, "limit": {"type": "integer"},
                    "flows": {"anyOf": [{"$ref": "#/components/schemas/Trigger"}, {"type": "null"}]},
                    "name": {"type": ["string", "null"]}, "sort": {"type": "string", "default": "NAME_ASC"},
                    "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "minItems": 2}}}}}}
                """##))
        let trigger = try JSONParser.parse(##"{"$ref": "#/components/schemas/Trigger"}"##)
        #expect(
            ExampleMaker(source: source, purpose: .request).value(for: trigger).compactText
                == #"{"type":"event","kind":"only","posture":"string"}"#)
        let filter = try JSONParser.parse(##"{"$ref": "#/components/schemas/Filter"}"##)
        let request = ExampleMaker(source: source, purpose: .request).value(for: filter).compactText
        #expect(request.contains(#""pair":["string",1]"#), "\(request)")
        for member in [#""offset":0"#, #""sort":"NAME_ASC""#, #""flows":{"#, #""limit":1"#] {
            #expect(request.contains(member), "\(member): \(request)")
        }
    }

    /// Prefect's `POST /flow_runs/bulk_set_state` requires the `state` to set and leaves its
    /// `flow_runs` filter optional: made of the required members alone, the body set the state of
    /// every flow run on the server. A member that selects the rows (named a filter, or referring
    /// to a filter's component, or `where`) is made beside them, and made up it matches none; an
    /// answer and other optional members are made as before.
    @Test func aRequestsOptionalFilterIsMadeBesideItsRequiredMembers() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"""
                {"components": {"schemas": {
                  "FlowRunFilter": {"type": "object", "properties": {"id": {"type": "object", "properties": {
                    "any_": {"type": "array", "items": {"type": "string", "format": "uuid"}}}}}},
                  "BulkSetState": {"type": "object", "required": ["state"], "properties": {
                    "flow_runs": {"anyOf": [{"$ref": "#/components/schemas/FlowRunFilter"}, {"type": "null"}]},
                    "state": {"type": "string"}, "force": {"type": "boolean", "default": false},
                    "where": {"type": "object"}, "tag_filter": {"type": "string"}}}}}}
                """##))
        let body = try JSONParser.parse(##"{"$ref": "#/components/schemas/BulkSetState"}"##)
        let request = ExampleMaker(source: source, purpose: .request).value(for: body).compactText
        #expect(request.contains(#""flow_runs":{"id":{"any_":["#), "\(request)")
        #expect(request.contains(#""where":{}"#) && request.contains(#""tag_filter":"#), "\(request)")
        #expect(!request.contains("force"), "\(request)")
    }

    /// drf-spectacular gives a list's `next` the example `http://api.example.org/accounts/?offset=400`
    /// beside `"count": 123`, and an async answer's task href is `format: uri`: served as made, a
    /// client following `next` or polling the task left `serve`, and the count said more pages
    /// follow one item. A made-up page is the whole list, and its links are on the API's base URL,
    /// which `serve` turns into its own.
    @Test func aMadeUpPageIsTheWholeListAndItsLinksAreOnTheAPI() throws {
        let source = OpenAPISource(
            root: try JSONParser.parse(
                ##"""
                {"components": {"schemas": {
                  "Paginated": {"type": "object", "required": ["count", "results"], "properties": {
                    "count": {"type": "integer", "example": 123},
                    "next": {"type": "string", "nullable": true, "format": "uri", "example": "http://api.example.org/accounts/?offset=400&limit=100"},
                    "previous": {"type": "string", "nullable": true, "format": "uri", "example": "http://api.example.org/accounts/?offset=200&limit=100"},
                    "results": {"type": "array", "items": {"$ref": "#/components/schemas/Repository"}}}},
                  "Repository": {"type": "object", "properties": {"pulp_href": {"type": "string", "format": "uri"}, "name": {"type": "string"}}},
                  "Async": {"type": "object", "required": ["task"], "properties": {"task": {"type": "string", "format": "uri"}}}}}}
                """##))
        let maker = ExampleMaker(source: source, linkBase: "http://127.0.0.1:24817/")
        #expect(
            maker.value(for: try JSONParser.parse(##"{"$ref": "#/components/schemas/Paginated"}"##)).compactText
                == #"{"count":1,"next":null,"previous":null,"results":[{"pulp_href":"http://127.0.0.1:24817/","name":"string"}]}"#)
        #expect(
            maker.value(for: try JSONParser.parse(##"{"$ref": "#/components/schemas/Async"}"##)).compactText
                == #"{"task":"http://127.0.0.1:24817/"}"#)
        // A request's link is made as before: it is not the API's own.
        let request = ExampleMaker(source: source, purpose: .request, linkBase: "http://127.0.0.1:24817/")
        #expect(
            request.value(for: try JSONParser.parse(##"{"$ref": "#/components/schemas/Async"}"##)).compactText
                == #"{"task":"https://example.com/"}"#)
    }
}
