@testable import APICheck
import Foundation
import Testing

/// Identical inline schemas are one type, named after the first place that declares it:
/// drf-spectacular repeats Nautobot's `{id, object_type, url}` references and `{value, label}`
/// status objects under hundreds of properties, and a type each made thousands of types. Schemas
/// that differ in anything a type or a decode depends on stay apart.
@Suite struct SharedInlineTypeTests {
    static let reference = """
        {"type": "object", "description": "DESCRIPTION",
         "properties": {"id": {"type": "string", "format": "uuid"}, "object_type": {"type": "string", "example": "dcim.location"},
                        "url": {"type": "string", "format": "uri"}},
         "required": ["id", "object_type", "url"]}
        """

    static func reference(description: String) -> String {
        reference.replacingOccurrences(of: "DESCRIPTION", with: description)
    }

    static let status = """
        {"type": "object", "properties": {
          "value": {"type": "string", "enum": ["active", "planned"]},
          "label": {"type": "string", "enum": ["Active", "Planned"]}}}
        """

    func typeFiles(_ fixture: ImportFixture) -> [String] {
        fixture.result.files.map(\.path).filter { $0.hasPrefix("Sources/ShopContracts/Types/") }
            .map { String($0.dropFirst("Sources/ShopContracts/Types/".count).dropLast(".swift".count)) }
    }

    @Test func identicalInlineObjectsAreOneType() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Device": {"type": "object", "properties": {"location": \(Self.reference(description: "Where it is")),
                                                            "status": \(Self.status)}},
                "Rack": {"type": "object", "properties": {"location": \(Self.reference(description: "Its room")),
                                                          "status": \(Self.status)}}
                """,
            paths: """
                "/racks/{id}/": {"get": {"operationId": "rack_read", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
                    {"type": "object", "properties": {"parent": \(Self.reference(description: "Above it"))}}}}}}}}
                """)
        let types = typeFiles(fixture)
        #expect(types.contains("DeviceLocation") && types.contains("DeviceStatus") && types.contains("DeviceStatusValue"), "\(types)")
        #expect(!types.contains("RackLocation") && !types.contains("RackStatus") && !types.contains("RackStatusValue"), "\(types)")
        #expect(!types.contains("RackReadResponseParent"), "\(types)")
        let rack = fixture.type("Rack")
        #expect(rack.contains("public var location: DeviceLocation?"), "\(rack)")
        #expect(rack.contains("public var status: DeviceStatus?"), "\(rack)")
        #expect(fixture.type("RackReadResponse").contains("public var parent: DeviceLocation?"))
        // The first place's words describe it.
        #expect(fixture.type("DeviceLocation").contains("Where it is"))
    }

    /// The same property names are not the same schema: a member typed, formatted, required or
    /// nullable otherwise decodes otherwise (or is exported otherwise), so it is a type of its own.
    @Test(arguments: [
        ("an id typed otherwise", #""id": {"type": "string", "format": "uuid"}"#, #""id": {"type": "integer"}"#),
        ("an id of another format", #""id": {"type": "string", "format": "uuid"}"#, #""id": {"type": "string", "format": "uri"}"#),
        (
            "a nullable url", #""url": {"type": "string", "format": "uri"}"#,
            #""url": {"type": "string", "format": "uri", "nullable": true}"#
        ),
    ])
    func aDifferentMemberIsAnotherType(_ why: String, member: String, otherwise: String) throws {
        // The reference with one member replaced, all else (descriptions aside) the same.
        let other = Self.reference(description: "").replacingOccurrences(of: member, with: otherwise)
        #expect(other != Self.reference(description: ""), "\(why): the fixture replaced nothing")
        let fixture = try ImportFixture(
            schemas: """
                "Device": {"type": "object", "properties": {"location": \(Self.reference(description: ""))}},
                "Rack": {"type": "object", "properties": {"location": \(other)}}
                """)
        #expect(typeFiles(fixture).contains("RackLocation"), "\(why): \(typeFiles(fixture))")
        #expect(fixture.type("Rack").contains("public var location: RackLocation?"), "\(why)")
    }

    @Test func anotherRequiredListIsAnotherType() throws {
        let fewer = Self.reference(description: "").replacingOccurrences(
            of: #""required": ["id", "object_type", "url"]"#, with: #""required": ["id", "url"]"#)
        let reordered = Self.reference(description: "").replacingOccurrences(
            of: #""required": ["id", "object_type", "url"]"#, with: #""required": ["url", "object_type", "id"]"#)
        let fixture = try ImportFixture(
            schemas: """
                "Device": {"type": "object", "properties": {"location": \(Self.reference(description: ""))}},
                "Rack": {"type": "object", "properties": {"location": \(fewer)}},
                "Site": {"type": "object", "properties": {"location": \(reordered)}}
                """)
        let types = typeFiles(fixture)
        #expect(types.contains("RackLocation"), "\(types)")
        #expect(fixture.type("RackLocation").contains("public var objectType: String?"))
        // The same members required, in another order: the same schema.
        #expect(!types.contains("SiteLocation"), "\(types)")
    }

    /// Whether the object itself may be null is the place's: its property is optional, the type
    /// the same.
    @Test func theObjectsOwnNullabilityIsThePlaces() throws {
        let nullable = Self.reference(description: "").replacingOccurrences(
            of: #"{"type": "object","#, with: #"{"type": "object", "nullable": true,"#)
        let fixture = try ImportFixture(
            schemas: """
                "Device": {"type": "object", "properties": {"location": \(Self.reference(description: ""))}, "required": ["location"]},
                "Rack": {"type": "object", "properties": {"location": \(nullable)}, "required": ["location"]}
                """)
        #expect(fixture.type("Device").contains("public var location: DeviceLocation\n"), "\(fixture.type("Device"))")
        #expect(fixture.type("Rack").contains("public var location: DeviceLocation?"), "\(fixture.type("Rack"))")
    }

    /// A request leaves out what only answers carry: the same inline schema in a request body
    /// and in an answer is two types.
    @Test func aRequestsSchemaIsNotAnAnswers() throws {
        let schema = """
            {"type": "object", "properties": {"id": {"type": "integer", "readOnly": true}, "name": {"type": "string"}},
             "required": ["id", "name"]}
            """
        let fixture = try ImportFixture(
            paths: """
                "/tags/": {"post": {"operationId": "tag_create",
                  "requestBody": {"required": true, "content": {"application/json": {"schema": \(schema)}}},
                  "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": \(schema)}}}}}}
                """)
        let types = typeFiles(fixture)
        #expect(types.contains("TagCreateBody") && types.contains("TagCreateResponse"), "\(types)")
        #expect(!fixture.type("TagCreateBody").contains("let id"))
    }

    /// Each place is still read for its notes: a part not mapped is said where it is, every time.
    @Test func eachPlaceKeepsItsNotes() throws {
        let odd = #"{"type": "object", "properties": {"code": {"type": "string", "not": {"enum": ["x"]}}}}"#
        let fixture = try ImportFixture(
            schemas: """
                "Device": {"type": "object", "properties": {"check": \(odd)}},
                "Rack": {"type": "object", "properties": {"check": \(odd)}}
                """)
        #expect(!typeFiles(fixture).contains("RackCheck"))
        for owner in ["Device", "Rack"] {
            #expect(
                fixture.notes.contains(
                    "not mapped: #/components/schemas/\(owner)/properties/check/properties/code: 'not' is not mapped: the schema's other parts are"
                ),
                "\(fixture.notes)")
        }
    }
}
