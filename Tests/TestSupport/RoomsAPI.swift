// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

/// A chat API unlike the demo: no envelope, no login, room ids holding `!` and `:`, a message
/// sent into the room a create made, and a read that must come after the send though it takes
/// nothing from it.
public enum RoomsAPI {
    public struct Room: Codable, Sendable {
        public var room_id: String
    }

    public struct Sent: Codable, Sendable {
        public var event_id: String
    }

    public struct Messages: Codable, Sendable {
        public var chunk: [Sent]
    }

    public static let create = Endpoint<Room>(
        id: "rooms.create", .post, "rooms", parameters: [.body("name", .string, sample: .literal("general"))],
        mock: "rooms_create", enveloped: false)
    public static let send = Endpoint<Sent>(
        id: "rooms.send", .put, "rooms/{roomId}/send/{txnId}",
        parameters: [
            .path("roomId", .string, sample: .seen(endpoint: "rooms.create", path: "$.room_id", fallback: nil)),
            .path("txnId", .string, sample: .uniquePerCall(prefix: "t")),
            .body("text", .string, sample: .literal("hello")),
        ],
        mock: "rooms_send", enveloped: false)
    public static let messages = Endpoint<Messages>(
        id: "rooms.messages", .get, "rooms/{roomId}/messages",
        parameters: [.path("roomId", .string, sample: .seen(endpoint: "rooms.create", path: "$.room_id", fallback: nil))],
        mock: "rooms_messages", enveloped: false, after: ["rooms.send"])

    public static let api = API(
        name: "rooms", environments: ["local": URL(string: "http://127.0.0.1:9000/chat/")!],
        envelope: EnvelopePolicy(), endpoints: [create, send, messages])

    public static let mocks: [String: String] = [
        "rooms_create.json": #"{"room_id": "!abc:example.org"}"#,
        "rooms_send.json": #"{"event_id": "$e1"}"#,
        "rooms_messages.json": #"{"chunk": [{"event_id": "$e1"}]}"#,
    ]

    /// The mocks written into a fresh folder; `remove()` it in a `defer`.
    public static func mockFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("rooms-mocks")
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }
}
