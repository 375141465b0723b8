import APICheck
import Foundation
import Testing

/// The schema recorder over decode types that use what the demo API does not: enums, dates,
/// URLs, dictionaries, explicit optionals, recursion, hand-written `init(from:)`.
@Suite struct SchemaRecorderTests {
    enum Colour: String, Codable, CaseIterable { case red, green }
    enum Level: Int, Codable { case low = 1, high = 5 }
    enum Mood: String, Codable { case calm }

    struct Event: Decodable {
        var colour: Colour
        var level: Level?
        var at: Date
        var link: URL
        var scores: [String: Double]
        var tags: Set<String>
        var note: String?
    }

    struct Hand: Decodable {
        var name: String
        var nickname: String?
        var age: Int
        enum Keys: String, CodingKey { case name, nickname, age }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            // Required, but may be null.
            nickname = try container.decode(String?.self, forKey: .nickname)
            age = container.contains(.age) ? try container.decode(Int.self, forKey: .age) : 0
        }
    }

    /// A discriminated union as `import-openapi` writes one: its `init(from:)` takes one branch.
    struct Bud: Decodable { var kind: String; var colour: String }
    struct Stem: Decodable { var kind: String; var children: [Plant] }
    indirect enum Plant: Decodable, OpenAPIOneOfProviding {
        case bud(Bud)
        case stem(Stem)
        case unknown(JSONValue)
        enum Keys: String, CodingKey { case kind }
        init(from decoder: any Decoder) throws {
            switch try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .kind) {
            case "bud": self = .bud(try Bud(from: decoder))
            case "stem": self = .stem(try Stem(from: decoder))
            default: self = .unknown(try JSONValue(from: decoder))
            }
        }
        static var openAPIBranches: [any Decodable.Type] { [Bud.self, Stem.self] }
        static var openAPIDiscriminator: String { "kind" }
    }

    @Test func aDiscriminatedUnionRecordsEachBranch() throws {
        let recorder = SchemaRecorder()
        #expect(try recorder.schema(for: Plant.self) == .object([("$ref", .string("#/components/schemas/Plant"))]))
        let tree = try #require(recorder.components["Plant"])
        // Each branch's value, from its name: the branch's init decodes from the same decoder.
        #expect(
            tree["discriminator"]
                == .object([
                    ("propertyName", .string("kind")),
                    ("mapping", .object([("bud", .string("#/components/schemas/Bud")), ("stem", .string("#/components/schemas/Stem"))])),
                ]))
        #expect(
            tree["oneOf"]
                == .array([
                    .object([("$ref", .string("#/components/schemas/Bud"))]),
                    .object([("$ref", .string("#/components/schemas/Stem"))]),
                ]))
        // The branch that holds the union again refers to it.
        let children = try #require(recorder.components["Stem"]?["properties"]?["children"])
        #expect(children["items"] == .object([("$ref", .string("#/components/schemas/Plant"))]))
    }

    final class Node: Decodable {
        let value: Int
        let children: [Node]
        let parent: Node?
    }

    struct Wrapper: Decodable {
        var id: String
        init(from decoder: any Decoder) throws { id = try decoder.singleValueContainer().decode(String.self) }
    }

    struct Holder: Decodable { var id: Wrapper }
    struct Moody: Decodable { var mood: Mood }

    func property(_ schema: JSONValue?, _ name: String) -> JSONValue? { schema?["properties"]?[name] }

    @Test func enumsDatesURLsDictionariesAndSets() throws {
        let recorder = SchemaRecorder(dates: .iso8601)
        #expect(try recorder.schema(for: Event.self) == .object([("$ref", .string("#/components/schemas/Event"))]))
        let event = recorder.components["Event"]
        #expect(property(event, "colour")?["$ref"] == .string("#/components/schemas/Colour"))
        #expect(
            recorder.components["Colour"] == .object([("type", .string("string")), ("enum", .array([.string("red"), .string("green")]))]))
        // Int raw values found by probing, the enum optional and nullable.
        #expect(recorder.components["Level"]?["enum"] == .array([.number("1"), .number("5")]))
        #expect(property(event, "level")?["anyOf"]?[1] == .object([("type", .string("null"))]))
        #expect(property(event, "at") == .object([("type", .string("string")), ("format", .string("date-time"))]))
        #expect(property(event, "link")?["format"] == .string("uri"))
        #expect(property(event, "scores")?["additionalProperties"]?["type"] == .string("number"))
        #expect(property(event, "tags")?["uniqueItems"] == .bool(true))
        #expect(property(event, "note")?["type"] == .array([.string("string"), .string("null")]))
        #expect(event?["required"] == .array([.string("colour"), .string("at"), .string("link"), .string("scores"), .string("tags")]))
    }

    @Test func datesFollowTheStrategy() throws {
        struct Stamp: Decodable { var at: Date }
        let recorder = SchemaRecorder(dates: .millisecondsSince1970)
        _ = try recorder.schema(for: Stamp.self)
        #expect(recorder.components["Stamp"]?["properties"]?["at"]?["type"] == .string("number"))
    }

    @Test func handWrittenInitsAreFollowed() throws {
        let recorder = SchemaRecorder()
        _ = try recorder.schema(for: Hand.self)
        let hand = recorder.components["Hand"]
        // decode(String?.self): required and nullable; contains() then decode: optional, not nullable.
        #expect(hand?["required"] == .array([.string("name"), .string("nickname")]))
        #expect(property(hand, "nickname")?["type"] == .array([.string("string"), .string("null")]))
        #expect(property(hand, "age")?["type"] == .string("integer"))
    }

    @Test func recursiveTypesAreReferences() throws {
        let recorder = SchemaRecorder()
        _ = try recorder.schema(for: Node.self)
        let node = recorder.components["Node"]
        #expect(property(node, "children")?["items"]?["$ref"] == .string("#/components/schemas/Node"))
        #expect(property(node, "parent")?["anyOf"]?[0]?["$ref"] == .string("#/components/schemas/Node"))
    }

    /// A wrapper around an array of itself: not an object, but it must still be a component, or
    /// the reference made inside its own walk would point nowhere.
    struct Tree: Decodable {
        var kids: [Tree]
        init(from decoder: any Decoder) throws { kids = try decoder.singleValueContainer().decode([Tree].self) }
    }

    @Test func aRecursiveWrapperIsAComponent() throws {
        let recorder = SchemaRecorder()
        #expect(try recorder.schema(for: Tree.self)["$ref"] == .string("#/components/schemas/Tree"))
        #expect(recorder.components["Tree"]?["items"]?["$ref"] == .string("#/components/schemas/Tree"))
    }

    @Test func singleValueTypesAreInline() throws {
        let recorder = SchemaRecorder()
        _ = try recorder.schema(for: Holder.self)
        #expect(property(recorder.components["Holder"], "id") == .object([("type", .string("string"))]))
        #expect(recorder.components["Wrapper"] == nil)
    }

    @Test func topLevelShapes() throws {
        let recorder = SchemaRecorder()
        #expect(
            try recorder.schema(for: [String].self)
                == .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))]))
        #expect(try recorder.schema(for: NoContent.self) == .object([("type", .string("null"))]))
        #expect(try recorder.schema(for: Int64.self)["format"] == .string("int64"))
    }

    @Test func aStringEnumThatIsNotCaseIterableIsAnErrorWithItsPath() throws {
        let recorder = SchemaRecorder()
        let error = #expect(throws: SchemaRecordingError.self) { try recorder.schema(for: Moody.self) }
        #expect(error?.path == "Moody.mood")
        #expect(error?.type == "Mood")
        #expect(error?.reason.contains("CaseIterable") == true)
    }

    @Test func namesThatCollideGetASuffix() throws {
        let recorder = SchemaRecorder(reservedNames: ["Event"])
        #expect(try recorder.schema(for: Event.self)["$ref"] == .string("#/components/schemas/Event_2"))
    }

    @Test func providedSchemasWin() throws {
        struct Hex: Decodable, OpenAPISchemaProviding {
            static var openAPISchema: JSONValue { .object([("type", .string("string")), ("pattern", .string("^[0-9a-f]+$"))]) }
        }
        #expect(try SchemaRecorder().schema(for: Hex.self)["pattern"] == .string("^[0-9a-f]+$"))
    }

    /// A value of twelve shapes (no boolean: a value of every JSON kind is `{}`), tried in order
    /// as an imported union's `init(from:)` does.
    enum Part: Decodable {
        case text(String), number(Double), flagGrid([[Bool]]), list([String]), counts([Int]), flags([Bool])
        case table([String: String]), scores([String: Double]), switches([String: Bool])
        case lists([[String]]), tables([[String: String]]), grid([[Int]])

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            let reads: [(SingleValueDecodingContainer) throws -> Part] = [
                { .text(try $0.decode(String.self)) }, { .number(try $0.decode(Double.self)) },
                { .flagGrid(try $0.decode([[Bool]].self)) }, { .list(try $0.decode([String].self)) },
                { .counts(try $0.decode([Int].self)) }, { .flags(try $0.decode([Bool].self)) },
                { .table(try $0.decode([String: String].self)) }, { .scores(try $0.decode([String: Double].self)) },
                { .switches(try $0.decode([String: Bool].self)) }, { .lists(try $0.decode([[String]].self)) },
                { .tables(try $0.decode([[String: String]].self)) }, { .grid(try $0.decode([[Int]].self)) },
            ]
            for read in reads { if let part = try? read(single) { self = part; return } }
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "no shape fits")
        }
    }

    /// Every shape is a branch, past the ninth: Phoenix's message parts (21 branches) lost 12 in
    /// the export, which `import-openapi --check` then called removed.
    @Test func everyShapeOfAManyShapedValueIsABranch() throws {
        let branches = try SchemaRecorder().schema(for: Part.self)["anyOf"]
        guard case let .array(shapes)? = branches else { Issue.record("no anyOf: \(String(describing: branches))"); return }
        #expect(shapes.count == 12, "\(shapes)")
    }
}
