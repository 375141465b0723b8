import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// An exported schema's `required` list says what the decode type reads with `decode` (required)
/// and not with `decodeIfPresent` (optional): checked against what the real decoder logs when it
/// decodes a document, for every read the container API has and for every demo decode type.
@Suite struct SchemaRequiredTests {
    struct Inner: Decodable { var name: String }

    /// Reads each key once, through every overload of `KeyedDecodingContainer`.
    struct EveryRead: Decodable {
        enum Key: String, CodingKey, CaseIterable {
            case bool, string, double, float, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, inner
            case optBool, optString, optDouble, optFloat, optInt, optInt8, optInt16, optInt32, optInt64
            case optUInt, optUInt8, optUInt16, optUInt32, optUInt64, optInner, nullable, keyed, unkeyed
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            _ = try c.decode(Bool.self, forKey: .bool)
            _ = try c.decode(String.self, forKey: .string)
            _ = try c.decode(Double.self, forKey: .double)
            _ = try c.decode(Float.self, forKey: .float)
            _ = try c.decode(Int.self, forKey: .int)
            _ = try c.decode(Int8.self, forKey: .int8)
            _ = try c.decode(Int16.self, forKey: .int16)
            _ = try c.decode(Int32.self, forKey: .int32)
            _ = try c.decode(Int64.self, forKey: .int64)
            _ = try c.decode(UInt.self, forKey: .uint)
            _ = try c.decode(UInt8.self, forKey: .uint8)
            _ = try c.decode(UInt16.self, forKey: .uint16)
            _ = try c.decode(UInt32.self, forKey: .uint32)
            _ = try c.decode(UInt64.self, forKey: .uint64)
            _ = try c.decode(Inner.self, forKey: .inner)
            _ = try c.decodeIfPresent(Bool.self, forKey: .optBool)
            _ = try c.decodeIfPresent(String.self, forKey: .optString)
            _ = try c.decodeIfPresent(Double.self, forKey: .optDouble)
            _ = try c.decodeIfPresent(Float.self, forKey: .optFloat)
            _ = try c.decodeIfPresent(Int.self, forKey: .optInt)
            _ = try c.decodeIfPresent(Int8.self, forKey: .optInt8)
            _ = try c.decodeIfPresent(Int16.self, forKey: .optInt16)
            _ = try c.decodeIfPresent(Int32.self, forKey: .optInt32)
            _ = try c.decodeIfPresent(Int64.self, forKey: .optInt64)
            _ = try c.decodeIfPresent(UInt.self, forKey: .optUInt)
            _ = try c.decodeIfPresent(UInt8.self, forKey: .optUInt8)
            _ = try c.decodeIfPresent(UInt16.self, forKey: .optUInt16)
            _ = try c.decodeIfPresent(UInt32.self, forKey: .optUInt32)
            _ = try c.decodeIfPresent(UInt64.self, forKey: .optUInt64)
            _ = try c.decodeIfPresent(Inner.self, forKey: .optInner)
            // Required, and null allowed.
            _ = try c.decode(String?.self, forKey: .nullable)
            let keyed = try c.nestedContainer(keyedBy: Key.self, forKey: .keyed)
            _ = try keyed.decode(String.self, forKey: .string)
            _ = try keyed.decodeIfPresent(Int.self, forKey: .optInt)
            var unkeyed = try c.nestedUnkeyedContainer(forKey: .unkeyed)
            while !unkeyed.isAtEnd { _ = try unkeyed.decode(Int.self) }
        }

        /// A document with every key present, so that the decoder logs every read.
        static var sample: JSONValue {
            .object(
                Key.allCases.map { key -> (key: String, value: JSONValue) in
                    switch key {
                    case .bool, .optBool: (key.rawValue, .bool(true))
                    case .string, .optString, .nullable: (key.rawValue, .string("s"))
                    case .inner, .optInner: (key.rawValue, .object([("name", .string("n"))]))
                    case .keyed: (key.rawValue, .object([("string", .string("s")), ("optInt", .number("1"))]))
                    case .unkeyed: (key.rawValue, .array([.number("1")]))
                    default: (key.rawValue, .number("1"))
                    }
                })
        }
    }

    /// `schema` with a `$ref` followed and a nullable `anyOf` unwrapped.
    static func resolved(_ schema: JSONValue?, _ components: [String: JSONValue]) -> JSONValue? {
        if let ref = schema?["$ref"]?.stringValue { return components[String(ref.split(separator: "/").last ?? "")] }
        if case let .array(options)? = schema?["anyOf"] {
            return options.lazy.filter { $0["type"]?.stringValue != "null" }.first.flatMap { resolved($0, components) }
        }
        return schema
    }

    /// For each field read by key: (path, read with `decode`, listed in `required`). Nil for the
    /// second when the schema has no object at the read's parent.
    static func comparison(_ reads: [FieldRead], schema: JSONValue, components: [String: JSONValue])
        -> [(path: String, decoded: Bool, required: Bool?)]
    {
        reads.compactMap { read in
            guard case let .key(name)? = read.path.components.last else { return nil }
            var node: JSONValue? = resolved(schema, components)
            for component in read.path.components.dropLast() {
                switch component {
                case let .key(key): node = resolved(node?["properties"]?[key], components)
                case .index, .anyIndex: node = resolved(node?["items"], components)
                case .anyKey: node = resolved(node?["additionalProperties"], components)
                }
            }
            // A dictionary's keys are data, not properties.
            if node?["additionalProperties"] != nil { return nil }
            guard node?["properties"]?[name] != nil else { return (read.path.description, read.required, nil) }
            let listed = node?["required"]?.arrayContains(.string(name)) ?? false
            return (read.path.description, read.required, listed)
        }
    }

    @Test func everyKindOfReadIsRequiredExactlyWhenTheDecoderRequiresIt() throws {
        let recorder = SchemaRecorder()
        let schema = try recorder.schema(for: EveryRead.self)
        let reads = try JSONValueDecoder().decode(EveryRead.self, from: EveryRead.sample).reads

        let compared = Self.comparison(reads, schema: schema, components: recorder.components)

        // Every key of the type, and those of `inner`, `optInner` and the nested container.
        #expect(compared.count == EveryRead.Key.allCases.count + 4, "\(compared.map(\.path))")
        for entry in compared { #expect(entry.required == entry.decoded, "\(entry.path)") }
        let required = try #require(recorder.components["EveryRead"]?["required"])
        #expect(
            required
                == .array(
                    [
                        "bool", "string", "double", "float", "int", "int8", "int16", "int32", "int64", "uint",
                        "uint8", "uint16", "uint32", "uint64", "inner", "nullable", "keyed", "unkeyed",
                    ].map(JSONValue.string)))
    }

    @Test(arguments: Demo.api.endpoints.map(\.id))
    func theDemoSchemasRequireWhatTheTypesDecode(_ id: String) throws {
        let endpoint = try #require(Demo.api.endpoints.first { $0.id == id })
        let document = try JSONParser.parse(Data(contentsOf: RepositoryPaths.mocks.appendingPathComponent(endpoint.mock + ".json")))
        let envelope = Demo.api.envelope(for: endpoint)
        let payload = try #require(envelope.map { $0.payloadPath.flatMap(document.value(at:)) ?? document } ?? document)
        let recorder = SchemaRecorder(dates: Demo.api.dates)
        let schema = try recorder.schema(for: endpoint.responseType)
        let reads = try Self.reads(endpoint.responseType, payload)

        let compared = Self.comparison(reads, schema: schema, components: recorder.components)

        for entry in compared { #expect(entry.required == entry.decoded, "\(id) \(entry.path)") }
    }

    static func reads<T: Decodable>(_ type: T.Type, _ payload: JSONValue) throws -> [FieldRead] {
        try JSONValueDecoder(dates: Demo.api.dates).decode(type, from: payload).reads
    }
}

extension JSONValue {
    fileprivate func arrayContains(_ item: JSONValue) -> Bool {
        guard case let .array(items) = self else { return false }
        return items.contains(item)
    }
}
