// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck

// The decode types of the Relay example API, as an app would declare them.

public struct LoginAnswer: Decodable, Sendable {
    public var access_token: String
    public var user_id: String
    public var device_id: String
    /// Only when the login asked for one (`"refresh_token": true`).
    public var refresh_token: String?
    public var expires_in_ms: Int?
}

/// A refresh's answer: a new access token, and a new refresh token (they rotate).
public struct RefreshAnswer: Decodable, Sendable {
    public var access_token: String
    public var refresh_token: String
    public var expires_in_ms: Int
}

public struct WhoAmI: Decodable, Sendable {
    public var user_id: String
    public var device_id: String
}

public struct JoinedRooms: Decodable, Sendable {
    public var joined_rooms: [String]
}

public struct RoomState: Decodable, Sendable {
    public var room_id: String
    public var name: String
    public var topic: Topic
}

/// A sum type: a plain string, or an object with the text and its format.
public enum Topic: Decodable, Sendable, Equatable {
    case plain(String)
    case rich(text: String, format: String)

    private enum Keys: String, CodingKey { case text, format }

    public init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = .plain(text)
            return
        }
        let container = try decoder.container(keyedBy: Keys.self)
        self = .rich(text: try container.decode(String.self, forKey: .text), format: try container.decode(String.self, forKey: .format))
    }
}

public struct Members: Decodable, Sendable {
    /// Keyed by user id: the keys are data, not schema.
    public var joined: [String: Member]
}

public struct Member: Decodable, Sendable {
    public var display_name: String
    public var avatar_url: String?
}

public struct SentEvent: Decodable, Sendable {
    public var event_id: String
}

public struct ServerVersion: Decodable, Sendable {
    public var name: String
    public var version: String
}

/// A query's data: `result`'s shape depends on `resultType`.
public struct QueryData: Decodable, Sendable {
    public var resultType: String
    public var result: QueryResult

    private enum Keys: String, CodingKey { case resultType, result }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        resultType = try container.decode(String.self, forKey: .resultType)
        switch resultType {
        case "vector": result = .vector(try container.decode([VectorSample].self, forKey: .result))
        case "scalar": result = .scalar(try container.decode(SamplePair.self, forKey: .result))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .resultType, in: container,
                debugDescription: "unknown resultType \(resultType)")
        }
    }
}

/// Its shape depends on `resultType`, which the schema recorder cannot choose: the type states
/// its schema, one branch per result type.
extension QueryData: OpenAPISchemaProviding {
    public static var openAPISchema: JSONValue {
        let pair = JSONValue.object([
            ("type", .string("array")),
            ("prefixItems", .array([.object([("type", .string("number"))]), .object([("type", .string("string"))])])),
            ("minItems", .number("2")), ("maxItems", .number("2")),
        ])
        let labels = JSONValue.object([("type", .string("object")), ("additionalProperties", .object([("type", .string("string"))]))])
        let sample = JSONValue.object([
            ("type", .string("object")),
            ("properties", .object([("metric", labels), ("value", pair)])),
            ("required", .array([.string("metric"), .string("value")])),
        ])
        func branch(_ type: String, _ result: JSONValue) -> JSONValue {
            .object([
                ("type", .string("object")),
                ("properties", .object([("resultType", .object([("const", .string(type))])), ("result", result)])),
                ("required", .array([.string("resultType"), .string("result")])),
            ])
        }
        return .object([
            (
                "oneOf",
                .array([
                    branch("vector", .object([("type", .string("array")), ("items", sample)])),
                    branch("scalar", pair),
                ])
            )
        ])
    }
}

public enum QueryResult: Sendable {
    case vector([VectorSample])
    case scalar(SamplePair)
}

public struct VectorSample: Decodable, Sendable {
    /// Label names to values: the keys are data.
    public var metric: [String: String]
    public var value: SamplePair
}

/// A tuple: `[1764590400.5, "1"]`, the time in seconds and the value as text.
public struct SamplePair: Decodable, Sendable, Equatable {
    public var time: Double
    public var value: String

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        time = try container.decode(Double.self)
        value = try container.decode(String.self)
    }
}
