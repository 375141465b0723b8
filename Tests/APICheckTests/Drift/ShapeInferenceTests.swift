@testable import APICheck
import Testing

/// `Shape(of:)` merges values in one pass. It must give exactly the shape of the definition:
/// each element's own shape, merged pair by pair, first occurrence of a repeated key.
@Suite struct ShapeInferenceTests {
    /// The definition, spelled out with the public API.
    static func reference(_ value: JSONValue) -> Shape {
        switch value {
        case .null: return Shape(kinds: .null)
        case .bool: return Shape(kinds: .bool)
        case .number: return Shape(kinds: .number)
        case .string: return Shape(kinds: .string)
        case let .array(items):
            let element = items.map(reference).reduce(nil as Shape?) { merged, next in merged.map { $0.merged(with: next) } ?? next }
            return Shape(kinds: .array, element: element)
        case let .object(members):
            var fields: [Shape.Field] = [], seen: Set<String> = []
            for member in members where seen.insert(member.key).inserted {
                fields.append(Shape.Field(name: member.key, shape: reference(member.value), sometimesAbsent: false))
            }
            return Shape(kinds: .object, fields: fields)
        }
    }

    /// Random documents with few keys, so that objects share, reorder, repeat and lack them.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func value(depth: Int) -> JSONValue {
            switch depth > 3 ? next(4) : next(7) {
            case 0: return .null
            case 1: return .bool(true)
            case 2: return .number(String(next(100)))
            case 3: return .string("s")
            case 4, 5: return .array((0..<next(5)).map { _ in value(depth: depth + 1) })
            default:
                let keys = ["a", "b", "c", "d"]
                return .object((0..<next(5)).map { _ in (key: keys[next(4)], value: value(depth: depth + 1)) })
            }
        }
    }

    @Test func onePassMergeEqualsTheDefinition() {
        var generator = Generator(state: 42)
        for _ in 0..<2000 {
            let document = JSONValue.array((0..<generator.next(6)).map { _ in generator.value(depth: 0) })
            #expect(Shape(of: document) == Self.reference(document), "\(document.compactText)")
        }
    }

    @Test func aRepeatedKeyCountsOnceWithItsFirstValue() throws {
        let shape = Shape(of: try JSONParser.parse(#"[{"a": 1, "a": "x"}, {"b": true}]"#))
        let a = try #require(shape.element?.field("a"))
        #expect(a.shape.kindDescription == "Number")
        #expect(a.sometimesAbsent)
        #expect(shape.element?.fields.map(\.name) == ["a", "b"])
    }

    @Test func fieldsAbsentFromSomeElementsOfNestedArrays() throws {
        let shape = Shape(of: try JSONParser.parse(#"{"x": [{"t": [{"p": 1}, {"p": null, "q": 2}]}, {"t": []}, {"t": [{"p": "s"}]}]}"#))
        let inner = try #require(shape.field("x")?.shape.element?.field("t")?.shape.element)
        #expect(inner.fields.map(\.name) == ["p", "q"])
        #expect(inner.field("p")?.shape.kindDescription == "String|Number|null")
        #expect(inner.field("p")?.sometimesAbsent == false)
        #expect(inner.field("q")?.sometimesAbsent == true)
    }
}

/// Below the dictionaries a decode type reads, keys are data: the live shape leaves their fields
/// out, and the drift findings stay exactly what the full shape gives.
@Suite struct ShapeCutoffTests {
    struct Entry: Decodable { var id: Int; var tags: [String: Int]? }
    struct Payload: Decodable { var users: [String: Entry]; var list: [Entry] }

    let mock = #"{"datas": {"users": {"a": {"id": 1}}, "list": [{"id": 1, "tags": {"x": 1}}]}}"#
    let base = JSONPath.root.appending("datas")

    func findings(_ live: String) throws -> (full: [Finding], skipped: [Finding], skippedChanges: Int, fullChanges: Int, shape: Shape) {
        let mock = try JSONParser.parse(self.mock), live = try JSONParser.parse(live)
        var reads = try JSONValueDecoder().decode(Payload.self, from: mock["datas"]!, at: base).reads
        reads += (try? JSONValueDecoder().decode(Payload.self, from: live["datas"]!, at: base).reads) ?? []
        let maps = reads.filter(\.isMap).map(\.path)
        #expect(Set(maps.map(\.description)).isSuperset(of: ["$.datas.list[*].tags", "$.datas.users"]))
        let shape = Shape(of: live, skippingBelow: maps + [JSONPath(parsing: "$.datas.users.*.tags")!])
        let full = ShapeDiff.changes(expected: Shape(of: mock), found: Shape(of: live))
        let skipped = ShapeDiff.changes(expected: Shape(of: mock), found: shape)
        func judged(_ changes: [ShapeChange]) -> [Finding] {
            Drift.findings(changes, reads: reads, endpoint: "e", decodeFailure: nil, mockFile: nil)
        }
        return (judged(full), judged(skipped), skipped.count, full.count, shape)
    }

    @Test(arguments: [
        #"{"datas": {"users": {"b": {"id": "2"}, "c": null}, "list": [{"id": null, "tags": {"y": "s"}}, {"id": 2, "extra": true}]}}"#,
        #"{"datas": {"users": {"b": {"id": 2, "tags": {"q": 1}}}, "list": [{"id": 3, "tags": null}]}}"#,
        #"{"datas": {"users": [], "list": {"id": 1}}}"#,
    ])
    func theSameFindingsWithoutAShapePerEntry(_ live: String) throws {
        let result = try findings(live)
        #expect(result.skipped == result.full)
        #expect(result.skippedChanges <= result.fullChanges)
    }

    @Test func aDictionaryKeepsItsKindsButNotItsKeys() throws {
        let result = try findings(#"{"datas": {"users": {"b": {"id": "2"}, "c": {"id": 3}}, "list": [{"id": null, "tags": {"y": "s"}}]}}"#)
        let users = try #require(result.shape.field("datas")?.shape.field("users"))
        #expect(users.shape.kinds == .object)
        #expect(users.shape.fields.isEmpty)
        let tags = try #require(result.shape.field("datas")?.shape.field("list")?.shape.element?.field("tags"))
        #expect(tags.shape.fields.isEmpty)
        #expect(!result.full.isEmpty)
        #expect(result.skippedChanges < result.fullChanges)
    }
}
