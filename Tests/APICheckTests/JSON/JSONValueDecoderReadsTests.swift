import APICheck
import Foundation
import Testing

/// What the diagnostic decoder records and reports, pinned in full: the reads drift relies on and
/// the errors users see, for nested arrays, dictionaries, optionals, repeated keys and custom types.
@Suite struct JSONValueDecoderReadsTests {
    enum Mood: String, Decodable { case calm, loud }

    struct Tag: Decodable { var name: String; var weight: Double? }

    struct Entry: Decodable {
        var id: Int64
        var small: Int8
        var big: UInt64
        var mood: Mood
        var link: URL?
        var tags: [Tag]
        var grid: [[Int]]
        var extra: [String: Tag]
        var note: String?
        var flag: Bool
    }

    struct Page: Decodable {
        var entries: [Entry]
        var total: Int
    }

    static let entry =
        #"{"id": 4130540976425001, "small": -0, "big": 18446744073709551615, "mood": "calm", "link": "https://e.x/a", "tags": [{"name": "t", "weight": 1e2}], "grid": [[1, 2], []], "extra": {"k": {"name": "u"}}, "note": null, "flag": true}"#

    func decode(_ text: String) throws(DecodingFailure) -> JSONValueDecoder.Result<Page> {
        try JSONValueDecoder().decode(Page.self, from: try! JSONParser.parse(text), at: JSONPath(parsing: "$.datas")!)
    }

    @Test func readsOfEveryKind() throws {
        let result = try decode(#"{"entries": [\#(Self.entry), \#(Self.entry)], "total": 1.0e3}"#)
        #expect(result.value.total == 1000)
        #expect(result.value.entries[0].big == UInt64.max)
        #expect(result.value.entries[1].extra["k"]?.name == "u")
        let reads = result.reads.map { "\($0.path) \($0.type) \($0.required ? "required" : "optional")\($0.isMap ? " map" : "")" }
        #expect(
            reads == [
                "$.datas Page required",
                "$.datas.entries Array<Entry> required",
                "$.datas.entries[*] Entry required",
                "$.datas.entries[*].big UInt64 required",
                "$.datas.entries[*].extra Dictionary<String, Tag> required map",
                "$.datas.entries[*].extra.* Tag required",
                "$.datas.entries[*].extra.*.name String required",
                "$.datas.entries[*].extra.*.weight Double optional",
                "$.datas.entries[*].flag Bool required",
                "$.datas.entries[*].grid Array<Array<Int>> required",
                "$.datas.entries[*].grid[*] Array<Int> required",
                "$.datas.entries[*].grid[*][*] Int required",
                "$.datas.entries[*].id Int64 required",
                "$.datas.entries[*].link URL optional",
                "$.datas.entries[*].mood Mood required",
                "$.datas.entries[*].note String optional",
                "$.datas.entries[*].small Int8 required",
                "$.datas.entries[*].tags Array<Tag> required",
                "$.datas.entries[*].tags[*] Tag required",
                "$.datas.entries[*].tags[*].name String required",
                "$.datas.entries[*].tags[*].weight Double optional",
                "$.datas.total Int required",
            ])
    }

    @Test(arguments: [
        (#"{"entries": [ENTRY, {"id": 1}], "total": 1}"#, "$.datas.entries[1].small: expected Int8, found absent"),
        (#"{"entries": [ENTRY, ENTRY], "total": 1.5}"#, "$.datas.total: expected Int, found Double"),
        ("{\"entries\": [ENTRY], \"total\": 1, \"total\": null}", "$.datas.total: expected Int, found null"),
        (#"{"entries": [ENTRY], "total": "1"}"#, "$.datas.total: expected Int, found String"),
    ])
    func errors(_ template: String, _ expected: String) {
        do {
            _ = try decode(template.replacingOccurrences(of: "ENTRY", with: Self.entry))
            Issue.record("decoded")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test(arguments: [
        ("small", "300", "$.datas.entries[1].small: expected Int8, found Int (300 does not fit in Int8)"),
        ("small", "1.5", "$.datas.entries[1].small: expected Int8, found Double"),
        ("big", "-1", "$.datas.entries[1].big: expected UInt64, found Int (-1 does not fit in UInt64)"),
        ("mood", "\"odd\"", "$.datas.entries[1].mood: expected Mood, found String (Cannot initialize Mood from invalid String value odd)"),
        ("link", "7", "$.datas.entries[1].link: expected URL, found Int"),
        ("tags", "[{\"weight\": 2}]", "$.datas.entries[1].tags[0].name: expected String, found absent"),
        ("tags", "[{\"name\": \"a\", \"weight\": \"2\"}]", "$.datas.entries[1].tags[0].weight: expected Double, found String"),
        ("grid", "[[1], [true]]", "$.datas.entries[1].grid[1][0]: expected Int, found Bool"),
        ("extra", "{\"k\": {\"name\": 5}}", "$.datas.entries[1].extra.k.name: expected String, found Int"),
        ("flag", "null", "$.datas.entries[1].flag: expected Bool, found null"),
        ("id", "{}", "$.datas.entries[1].id: expected Int64, found Object"),
    ])
    func fieldErrors(_ key: String, _ replacement: String, _ expected: String) throws {
        var document = try JSONParser.parse(Self.entry)
        guard case var .object(members) = document else { return }
        members = members.map { $0.key == key ? (key: key, value: try! JSONParser.parse(replacement)) : $0 }
        document = .object(members)
        do {
            _ = try decode(#"{"entries": [\#(Self.entry), \#(document.compactText)], "total": 1}"#)
            Issue.record("decoded")
        } catch {
            #expect(error.description == expected)
        }
    }

    /// A type that asks before it reads: the read becomes the type it finally decoded, required.
    struct Asking: Decodable {
        enum Keys: CodingKey { case v, w }
        var v: String?
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            v = container.contains(.v) ? try container.decode(String.self, forKey: .v) : nil
            _ = try container.decodeNil(forKey: .w)
        }
    }

    @Test func aReadThatAsksFirstTakesTheTypeItDecodes() throws {
        let result = try JSONValueDecoder().decode([Asking].self, from: try JSONParser.parse(#"[{"v": "a"}, {"w": 1}]"#))
        #expect(
            result.reads.map { "\($0.path) \($0.type) \($0.required)" } == [
                "$ Array<Asking> true", "$[*] Asking true", "$[*].v String true", "$[*].w Any false",
            ])
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A container opened before its parent turned out to be a dictionary reads below `.*`, as a
    /// path generalized at the time of the read always did.
    struct Late: Decodable {
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let nested = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
            _ = container.allKeys
            _ = try nested.decode(Int.self, forKey: AnyKey("x"))
        }
    }

    @Test func aDictionaryFoundLateGeneralizesLaterReads() throws {
        let result = try JSONValueDecoder().decode(Late.self, from: try JSONParser.parse(#"{"a": {"x": 1}}"#))
        #expect(
            result.reads.map { "\($0.path) \($0.type) \($0.required) \($0.isMap)" } == [
                "$ Late true true", "$.*.x Int true false", "$.a Dictionary<String, String> true false",
            ])
    }

    @Test func aRepeatedKeyDecodesItsLastValue() throws {
        let result = try decode(#"{"entries": [], "total": 1, "total": 2}"#)
        #expect(result.value.total == 2)
    }

    /// Reads `a` then `b` in one object and `b` then `a` in the next: each read lands on its own
    /// field, whatever order the objects before it were read in.
    struct Swapped: Decodable {
        enum CodingKeys: String, CodingKey { case first, a, b }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if try container.decode(Bool.self, forKey: .first) {
                _ = try container.decode(Int.self, forKey: .a)
                _ = try container.decodeIfPresent(String.self, forKey: .b)
            } else {
                _ = try container.decode(String.self, forKey: .b)
                _ = try container.decodeIfPresent(Int.self, forKey: .a)
            }
        }
    }

    @Test func fieldsReadInAnotherOrderAreEachTheirOwnRead() throws {
        let document = try JSONParser.parse(#"[{"first": true, "a": 1, "b": "x"}, {"first": false, "a": 2, "b": "y"}]"#)
        let reads = try JSONValueDecoder().decode([Swapped].self, from: document).reads
        #expect(
            reads.map { "\($0.path) \($0.type) \($0.required)" } == [
                "$ Array<Swapped> true", "$[*] Swapped true", "$[*].a Int true", "$[*].b String true", "$[*].first Bool true",
            ])
    }
}
