import Foundation
import Testing
@testable import APICheck

/// A decode starts from the nodes earlier decodes of its type grew (`ReadSkeletons`): its reads
/// must be those it makes itself, whatever the earlier decodes read, required or took for a
/// dictionary.
@Suite struct ReadSkeletonsTests {
    /// Reads `meta` as a dictionary and `note` as required when `kind` is `map`; otherwise
    /// `meta` as an object with a field `x`, and `note` as optional.
    struct Shifty: Decodable {
        struct Meta: Decodable { let x: Int }
        enum CodingKeys: String, CodingKey { case kind, meta, note }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if try container.decode(String.self, forKey: .kind) == "map" {
                _ = try container.decode([String: Int].self, forKey: .meta)
                _ = try container.decode(String.self, forKey: .note)
            } else {
                _ = try container.decode(Meta.self, forKey: .meta)
                _ = try container.decodeIfPresent(String.self, forKey: .note)
            }
        }
    }

    static func reads(_ text: String) throws -> [String] {
        try JSONValueDecoder().decode(Shifty.self, from: try JSONParser.parse(text), at: "$.datas").reads.map { read in
            "\(read.path) \(read.type)\(read.required ? "" : "?")\(read.isMap ? " map" : "")"
        }
    }

    static let asMap = #"{"kind": "map", "meta": {"x": 1, "y": 2}, "note": "n"}"#
    static let asObject = #"{"kind": "object", "meta": {"x": 1}, "note": "n"}"#

    @Test func eachDecodeListsItsOwnReads() throws {
        let mapReads = [
            "$.datas Shifty", "$.datas.kind String", "$.datas.meta Dictionary<String, Int> map", "$.datas.meta.* Int",
            "$.datas.note String",
        ]
        let objectReads = ["$.datas Shifty", "$.datas.kind String", "$.datas.meta Meta", "$.datas.meta.x Int", "$.datas.note String?"]
        #expect(try Self.reads(Self.asMap) == mapReads)
        #expect(try Self.reads(Self.asObject) == objectReads)
        #expect(try Self.reads(Self.asMap) == mapReads)
        #expect(try Self.reads(Self.asObject) == objectReads)
    }

    /// The drift of an answer against a mock decoded the other way round still sees only the
    /// answer's own dictionaries.
    @Test func mapPathsAreOnlyThisDecodes() throws {
        let decoder = JSONValueDecoder()
        _ = try decoder.decodeReads(Shifty.self, from: try JSONParser.parse(Self.asMap), at: "$.datas")
        let object = try decoder.decodeReads(Shifty.self, from: try JSONParser.parse(Self.asObject), at: "$.datas")
        #expect(object.reads.mapPaths.isEmpty)
        let map = try decoder.decodeReads(Shifty.self, from: try JSONParser.parse(Self.asMap), at: "$.datas")
        #expect(map.reads.mapPaths == ["$.datas.meta"])
    }
}
