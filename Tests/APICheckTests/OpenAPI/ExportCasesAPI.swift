// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`resultType`, `goodBoy`).
import APICheck
import Foundation
import TestSupport

/// An API whose answers real servers shape in ways the demo does not: two endpoints on one route
/// whose answers fit both, payloads chosen by an enum field and by a string field (declared, and
/// not), a nested type that states its own schema, a union chosen by `kind`. Its OpenAPI document
/// is pinned by `Golden/export-cases.openapi.json`, whose examples ci/openapi-check validates.
enum ExportCasesAPI {
    struct FullFeed: Decodable, Sendable {
        var items: [Int]
        var next: String
    }

    struct DeltaFeed: Decodable, Sendable {
        var items: [Int]
        var next: String
        var since: String?
    }

    /// A drawing whose size field an enum chooses.
    struct Drawing: Decodable, Sendable {
        enum Kind: String, Decodable, Sendable, CaseIterable { case circle, square }
        var kind: Kind
        var size: Double
        private enum Keys: String, CodingKey { case kind, radius, side }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            kind = try container.decode(Kind.self, forKey: .kind)
            switch kind {
            case .circle: size = try container.decode(Double.self, forKey: .radius)
            case .square: size = try container.decode(Double.self, forKey: .side)
            }
        }
    }

    /// A query's answer whose `result` a string chooses, every value declared.
    struct QueryAnswer: Decodable, Sendable, OpenAPIDiscriminatorProviding {
        static var openAPIDiscriminator: String { "resultType" }
        static var openAPIDiscriminatorValues: [String] { ["vector", "scalar"] }
        var resultType: String
        var values: [Double]
        private enum Keys: String, CodingKey { case resultType, result }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            resultType = try container.decode(String.self, forKey: .resultType)
            switch resultType {
            case "vector": values = try container.decode([Double].self, forKey: .result)
            case "scalar": values = [try container.decode(Double.self, forKey: .result)]
            default: throw DecodingError.dataCorruptedError(forKey: .resultType, in: container, debugDescription: "unknown \(resultType)")
            }
        }
    }

    /// A reading whose value a string chooses, with no declaration: its branches are the mocks'.
    struct Reading: Decodable, Sendable {
        var unit: String
        private enum Keys: String, CodingKey { case unit, celsius, label }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            unit = try container.decode(String.self, forKey: .unit)
            switch unit {
            case "celsius": _ = try container.decode(Double.self, forKey: .celsius)
            case "label": _ = try container.decode(String.self, forKey: .label)
            default: throw DecodingError.dataCorruptedError(forKey: .unit, in: container, debugDescription: "unknown \(unit)")
            }
        }
    }

    /// A colour refuses anything but `#rrggbb`, so it states its schema, with an example.
    struct Colour: Decodable, Sendable, OpenAPISchemaProviding {
        var hex: String

        init(from decoder: any Decoder) throws {
            hex = try decoder.singleValueContainer().decode(String.self)
            guard hex.count == 7, hex.hasPrefix("#") else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not #rrggbb: \(hex)"))
            }
        }

        static var openAPISchema: JSONValue {
            .object([("type", .string("string")), ("pattern", .string("^#[0-9a-f]{6}$")), ("example", .string("#00ff00"))])
        }
    }

    struct Palette: Decodable, Sendable {
        var name: String
        var main: Colour
    }

    /// A union chosen by `kind`, as import-openapi writes one: an unknown kind is kept.
    enum Animal: Decodable, Sendable, OpenAPIOneOfProviding {
        case cat(Cat), dog(Dog), unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: OneOfDecoding.Key.self)
            switch try container.decode(String.self, forKey: OneOfDecoding.Key("kind")) {
            case "cat": self = .cat(try decoder.singleValueContainer().decode(Cat.self))
            case "dog": self = .dog(try decoder.singleValueContainer().decode(Dog.self))
            default: self = .unknown(try decoder.singleValueContainer().decode(JSONValue.self))
            }
        }

        static var openAPIBranches: [any Decodable.Type] { [Cat.self, Dog.self] }
        static var openAPIDiscriminator: String { "kind" }
    }

    /// Its tag is a one-value enum.
    struct Cat: Decodable, Sendable {
        enum Tag: String, Decodable, Sendable, CaseIterable { case cat }
        var kind: Tag
        var indoor: Bool
    }

    struct Dog: Decodable, Sendable {
        var kind: String
        var goodBoy: Bool
    }

    static let api = API(
        name: "cases", environments: ["local": URL(string: "http://127.0.0.1:9000/")!],
        envelope: EnvelopePolicy(successCodes: [0]),
        endpoints: [
            Endpoint<FullFeed>(id: "feed.full", .get, "feed", mock: "feed_full", distinguishedBy: .query("since", present: false)),
            Endpoint<DeltaFeed>(
                id: "feed.delta", .get, "feed", parameters: [.query("since", .string, required: true, sample: .literal("n1"))],
                mock: "feed_delta", distinguishedBy: .query("since", present: true)),
            Endpoint<Drawing>(id: "drawings.latest", .get, "drawings/latest", mock: "drawing"),
            Endpoint<QueryAnswer>(id: "query.get", .get, "query", mock: "query", enveloped: false),
            Endpoint<QueryAnswer>(id: "query.post", .post, "query", mock: "query_post", enveloped: false),
            Endpoint<Reading>(id: "readings.indoor", .get, "readings/indoor", mock: "reading_indoor", enveloped: false),
            Endpoint<Reading>(id: "readings.outdoor", .get, "readings/outdoor", mock: "reading_outdoor", enveloped: false),
            Endpoint<Palette>(id: "palette.show", .get, "palette", mock: "palette", enveloped: false),
            Endpoint<[Animal]>(id: "animals.list", .get, "animals", mock: "animals"),
        ])

    static let mocks: [String: String] = [
        // Valid for both endpoints on `GET feed`: `since` is optional.
        "feed_full.json": #"{"code": 0, "msg": "ok", "datas": {"items": [1, 2], "next": "n1"}}"#,
        "feed_delta.json": #"{"code": 0, "msg": "ok", "datas": {"items": [], "next": "n2", "since": "n1"}}"#,
        // The enum's second case.
        "drawing.json": #"{"code": 0, "msg": "ok", "datas": {"kind": "square", "side": 2.5}}"#,
        // The two endpoints sharing the type hold different branches.
        "query.json": #"{"resultType": "scalar", "result": 1.5}"#,
        "query_post.json": #"{"resultType": "vector", "result": [1, 2]}"#,
        "reading_indoor.json": #"{"unit": "celsius", "celsius": 21.5}"#,
        "reading_outdoor.json": #"{"unit": "label", "label": "mild"}"#,
        "palette.json": ##"{"name": "sea", "main": "#0000ff"}"##,
        // No dog in the mocks: its value comes from the branch's name.
        "animals.json": #"{"code": 0, "msg": "ok", "datas": [{"kind": "cat", "indoor": true}]}"#,
    ]

    /// The mocks written into a fresh folder; `remove()` it in a `defer`.
    static func mockFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("export-cases-mocks")
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }
}
