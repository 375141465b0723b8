@testable import APICheck
import Foundation
import Testing

/// `components/schemas` into Swift types: the generated text of each construct.
@Suite struct SchemaMapperTests {
    @Test func anObjectIsAStructWithCodingKeysAndOptionalsWhereNotRequiredOrNullable() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Pet": {"type": "object", "required": ["id", "pet_name", "nick"],
                        "properties": {"id": {"type": "integer", "format": "int64"}, "pet_name": {"type": "string"},
                                       "age": {"type": "integer", "format": "int32"}, "weight": {"type": "number"},
                                       "good": {"type": "boolean"}, "nick": {"type": ["string", "null"]},
                                       "tags": {"type": "array", "items": {"type": "string"}},
                                       "default": {"type": "string"}, "3d": {"type": "boolean"}}}
                """)
        let pet = fixture.type("Pet")
        #expect(pet.contains("public struct Pet: Codable, Sendable {"))
        #expect(pet.contains("public var id: Int64\n"))
        #expect(pet.contains("public var petName: String\n"))
        #expect(pet.contains("public var age: Int?\n"))
        #expect(pet.contains("public var weight: Double?\n"))
        #expect(pet.contains("public var good: Bool?\n"))
        #expect(pet.contains("public var nick: String?\n"))
        #expect(pet.contains("public var tags: [String]?\n"))
        #expect(pet.contains("public var `default`: String?\n"))
        #expect(pet.contains("public var _3d: Bool?\n"))
        #expect(pet.contains(#"case petName = "pet_name""#))
        #expect(pet.contains("        case id\n"))
        #expect(pet.contains(#"case _3d = "3d""#))
        #expect(pet.contains("self.default = `default`"))
        #expect(!pet.contains("import APICheck"))
    }

    @Test func nullableIn30IsOptionalAndReferencesNameTheComponent() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Owner": {"type": "object", "properties": {"name": {"type": "string"}}},
                "Pet": {"type": "object", "required": ["owner", "previous"],
                        "properties": {"owner": {"$ref": "#/components/schemas/Owner"},
                                       "previous": {"allOf": [{"$ref": "#/components/schemas/Owner"}], "nullable": true},
                                       "friend": {"anyOf": [{"$ref": "#/components/schemas/Owner"}, {"type": "null"}]}}}
                """)
        let pet = fixture.type("Pet")
        #expect(pet.contains("public var owner: Owner\n"))
        #expect(pet.contains("public var previous: Owner?\n"))
        #expect(pet.contains("public var friend: Owner?\n"))
    }

    @Test func aStringEnumKeepsUnknownValues() throws {
        let fixture = try ImportFixture(schemas: #""Status": {"type": "string", "enum": ["in-transit", "done", "unknown", "default"]}"#)
        let status = fixture.type("Status")
        #expect(status.contains("public enum Status: Codable, Sendable, Hashable {"))
        #expect(status.contains("    case inTransit\n"))
        #expect(status.contains("    case unknownValue\n"))
        #expect(status.contains("    case `default`\n"))
        #expect(status.contains("    case unknown(String)\n"))
        #expect(status.contains(#"case "in-transit": self = .inTransit"#))
        #expect(status.contains(#"case .default: "default""#))
        #expect(status.contains("default: self = .unknown(rawValue)"))
        // The export states the listed values: a walk of `init(from:)`, which takes any string, cannot.
        #expect(status.contains("--force.\nimport APICheck\n"))
        #expect(
            status.contains(
                #"extension Status: OpenAPISchemaProviding {"# + "\n"
                    + #"    public static var openAPISchema: JSONValue { .object([("type", .string("string")), ("enum", .array(["#
                    + #".string("in-transit"), .string("done"), .string("unknown"), .string("default")]))]) }"#
            ), "\(status)")
    }

    @Test func inlineObjectsAndEnumsGetTheParentsAndPropertysName() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Order": {"type": "object", "properties": {
                    "status": {"type": "string", "enum": ["placed"]},
                    "address": {"type": "object", "properties": {"city": {"type": "string"}}},
                    "lines": {"type": "array", "items": {"type": "object", "properties": {"sku": {"type": "string"}}}}}}
                """)
        #expect(fixture.type("Order").contains("public var status: OrderStatus?"))
        #expect(fixture.type("Order").contains("public var address: OrderAddress?"))
        #expect(fixture.type("Order").contains("public var lines: [OrderLinesItem]?"))
        #expect(fixture.type("OrderStatus").contains("public enum OrderStatus"))
        #expect(fixture.type("OrderAddress").contains("public var city: String?"))
        #expect(fixture.type("OrderLinesItem").contains("public var sku: String?"))
    }

    /// A later allOf member that only narrows a property (an enum, no type of its own), as an
    /// envelope's success branch pins its code, keeps the earlier member's type.
    @Test func anAllOfMemberThatOnlyNarrowsAPropertyKeepsItsType() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Envelope": {"type": "object", "required": ["code"], "properties": {"code": {"type": "integer"}, "msg": {"type": "string"}}},
                "Success": {"allOf": [{"$ref": "#/components/schemas/Envelope"}, {"properties": {"code": {"enum": [200]}, "msg": {"type": "integer"}}}]}
                """)
        let success = fixture.type("Success")
        #expect(success.contains("public var code: Int\n"), "\(success)")
        // A member with a type of its own replaces the earlier one.
        #expect(success.contains("public var msg: Int?\n"), "\(success)")
    }

    @Test func additionalPropertiesAreAMapAndAllOfIsMerged() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
                "Counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                "Item": {"allOf": [{"$ref": "#/components/schemas/Base"},
                                   {"type": "object", "required": ["labels"], "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}}}]}
                """)
        #expect(fixture.type("Counts").contains("public typealias Counts = [String: Int]"))
        let item = fixture.type("Item")
        #expect(item.contains("public var id: String\n"))
        #expect(item.contains("public var labels: [String: String]\n"))
    }

    @Test func oneOfWithADiscriminatorIsAnEnumThatKeepsUnknownKinds() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Cat": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
                "Dog": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
                "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                        "discriminator": {"propertyName": "kind", "mapping": {"kitty": "#/components/schemas/Cat", "cat": "Cat"}}}
                """)
        let pet = fixture.type("Pet")
        #expect(pet.contains("import APICheck\n"))
        #expect(pet.contains("public indirect enum Pet: Codable, Sendable {"))
        // Named after the mapping's first key; Dog, not in the mapping, by its component's name.
        #expect(pet.contains("    case kitty(Cat)\n    case dog(Dog)\n"))
        #expect(pet.contains("    case unknown(JSONValue)\n"))
        #expect(pet.contains(#"switch try container.decode(String.self, forKey: OneOfDecoding.Key("kind")) {"#))
        #expect(pet.contains(#"case "kitty", "cat": self = .kitty(try OneOfDecoding.branch(Cat.self, from: decoder))"#))
        #expect(pet.contains(#"case "Dog": self = .dog(try OneOfDecoding.branch(Dog.self, from: decoder))"#))
        #expect(pet.contains("default: self = .unknown(try decoder.singleValueContainer().decode(JSONValue.self))"))
        // Dog, whose mapped value is its name, is a branch too; `apicheck openapi` records both.
        #expect(
            pet.contains(
                "extension Pet: OpenAPIOneOfProviding {\n    public static var openAPIBranches: [any Decodable.Type] { [Cat.self, Dog.self] }\n    public static var openAPIDiscriminator: String { \"kind\" }\n}"
            ))
        #expect(pet.contains("case let .unknown(value): try container.encode(value)"))
        #expect(fixture.file("Sources/ShopContracts/Types/Pet.swift") != nil)
        #expect(!fixture.notes.contains { $0.contains("oneOf") })
    }

    /// Airflow's `ScheduleInterval`: its branches are `nullable` components. A discriminated
    /// branch never holds null (its discriminator property is there), so each is the component,
    /// which `apicheck openapi` refers to in the discriminator's mapping.
    @Test func aDiscriminatedBranchOfANullableComponentIsNotOptional() throws {
        let fixture = try ImportFixture(
            schemas: """
                "TimeDelta": {"type": "object", "nullable": true, "required": ["__type"], "properties": {"__type": {"type": "string"}, "days": {"type": "integer"}}},
                "CronExpression": {"type": "object", "nullable": true, "required": ["__type"], "properties": {"__type": {"type": "string"}, "value": {"type": "string"}}},
                "ScheduleInterval": {"anyOf": [{"$ref": "#/components/schemas/TimeDelta"}, {"$ref": "#/components/schemas/CronExpression"}],
                                     "discriminator": {"propertyName": "__type"}, "nullable": true}
                """)
        let union = fixture.type("ScheduleInterval")
        #expect(union.contains("    case timeDelta(TimeDelta)\n    case cronExpression(CronExpression)\n"), "\(union)")
        #expect(union.contains(#"case "TimeDelta": self = .timeDelta(try OneOfDecoding.branch(TimeDelta.self, from: decoder))"#))
        #expect(union.contains("{ [TimeDelta.self, CronExpression.self] }"), "\(union)")
    }

    /// Pydantic's tagged unions name no discriminator: each branch's `type` is a `const`. The
    /// tag decides the branch; tried in order, every branch would take the first (its tag is an
    /// open enum that keeps values it does not list).
    @Test func anAnyOfWhoseBranchesEachHaveAConstTagIsChosenByTheTag() throws {
        let fixture = try ImportFixture(
            schemas: """
                "DoNothing": {"type": "object", "properties": {"type": {"type": "string", "const": "do-nothing", "default": "do-nothing"}}},
                "Cancel": {"type": "object", "properties": {"type": {"type": "string", "const": "cancel"}}},
                "Pause": {"type": "object", "properties": {"type": {"type": "string", "enum": ["pause"]}, "run": {"type": "string"}}},
                "Action": {"anyOf": [{"$ref": "#/components/schemas/DoNothing"}, {"$ref": "#/components/schemas/Cancel"},
                                     {"$ref": "#/components/schemas/Pause"}]},
                "Loose": {"anyOf": [{"$ref": "#/components/schemas/DoNothing"}, {"$ref": "#/components/schemas/DoNothing"}]}
                """)
        let action = fixture.type("Action")
        #expect(action.contains(#"switch try container.decode(String.self, forKey: OneOfDecoding.Key("type")) {"#))
        #expect(action.contains(#"case "do-nothing": self = .doNothing("#))
        #expect(action.contains(#"case "cancel": self = .cancel("#))
        #expect(action.contains(#"case "pause": self = .pause("#))
        #expect(action.contains(#"public static var openAPIDiscriminator: String { "type" }"#))
        // A const is the one value its type lists.
        #expect(fixture.type("DoNothingTypeModel").contains(#"case "do-nothing": self = .doNothing"#))
        // Two branches with one tag value are not told apart by it: tried in order.
        #expect(!fixture.type("Loose").contains("OneOfDecoding.Key("))
    }

    @Test func oneOfWithoutADiscriminatorTriesEachBranchAndNamesThemWhenNoneFits() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Email": {"type": "object", "required": ["email"], "properties": {"email": {"type": "string"}}},
                "Shape": {"type": "object", "properties": {
                    "value": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
                    "contact": {"anyOf": [{"$ref": "#/components/schemas/Email"},
                                          {"type": "object", "title": "phone", "properties": {"phone": {"type": "string"}}}]},
                    "either": {"type": ["string", "integer", "null"]}}}
                """)
        let shape = fixture.type("Shape")
        #expect(shape.contains("public var value: ShapeValue?\n"))
        #expect(shape.contains("public var contact: ShapeContact?\n"))
        #expect(shape.contains("public var either: ShapeEither?\n"))
        let value = fixture.type("ShapeValue")
        #expect(value.contains("    case string(String)\n    case integer(Int)\n"))
        #expect(!value.contains("case unknown"))
        #expect(
            value.contains(
                """
                        do {
                            self = .string(try OneOfDecoding.branch(String.self, from: decoder))
                            return
                        } catch {
                            failures.append(("string", error))
                        }
                """))
        #expect(value.contains(#"throw OneOfDecoding.noBranchFits("ShapeValue", failures: failures, codingPath: decoder.codingPath)"#))
        let contact = fixture.type("ShapeContact")
        #expect(contact.contains("    case email(Email)\n    case phone(ShapeContactPhone)\n"))
        // Objects told apart by their members: the one that declares the most of a value's first.
        #expect(contact.contains("for branch in OneOfDecoding.order(decoder, members: Self.branchMembers) {"))
        #expect(contact.contains(#"private static let branchMembers: [[String]] = [["email"], ["phone"]]"#))
        #expect(!value.contains("OneOfDecoding.order"))
        #expect(fixture.type("ShapeContactPhone").contains("public var phone: String?"))
        #expect(fixture.type("ShapeEither").contains("    case string(String)\n    case integer(Int)\n"))
    }

    @Test func aComponentThatIsAOneOfIsTheEnumItself() throws {
        let fixture = try ImportFixture(schemas: #""Badge": {"oneOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}]}"#)
        let badge = fixture.type("Badge")
        #expect(badge.contains("public indirect enum Badge: Codable, Sendable {"))
        #expect(badge.contains("    case string(String)\n    case number(Double)\n    case boolean(Bool)\n"))
        #expect(!badge.contains("typealias"))
    }

    @Test func propertiesBesideAOneOfAreNoted() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Shape": {"properties": {"id": {"type": "string"}}, "oneOf": [{"type": "string"}, {"type": "integer"}]}
                """)
        #expect(fixture.type("Shape").contains("public indirect enum Shape: Codable, Sendable {"))
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/schemas/Shape/properties: properties beside oneOf are not declared: only its branches are"))
    }

    @Test func namesThatWouldShadowAreRenamedAndASelfContainingTypeIsAClass() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Error": {"type": "object", "properties": {"message": {"type": "string"}}},
                "shop": {"type": "object", "properties": {"name": {"type": "string"}}},
                "Node": {"type": "object", "properties": {"parent": {"$ref": "#/components/schemas/Node"},
                                                          "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}
                """)
        #expect(fixture.type("ErrorModel").contains("public struct ErrorModel: Codable, Sendable"))
        // `Shop` is the API's enum: the schema takes the next name.
        #expect(fixture.type("Shop2").contains("public struct Shop2: Codable, Sendable"))
        let node = fixture.type("Node")
        #expect(node.contains("public final class Node: Codable, Sendable {"))
        #expect(node.contains("public let parent: Node?"))
        #expect(node.contains("public let children: [Node]?"))
    }

    /// OpenAPI 3.1's tuple: declared as a list of any JSON, and said.
    @Test func aTupleIsAListOfAnyJSONAndNoted() throws {
        let fixture = try ImportFixture(
            schemas: #"""
                "Pairs": {"type": "object", "properties": {"pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}]}}}
                """#)
        #expect(fixture.type("Pairs").contains("public var pair: [JSONValue]?"), "\(fixture.type("Pairs"))")
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/schemas/Pairs/properties/pair/prefixItems: a tuple (prefixItems) is declared [JSONValue]: its places' types are not"
            ), "\(fixture.notes)")
    }
}
