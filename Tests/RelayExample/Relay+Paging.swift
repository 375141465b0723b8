// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`event_id`), as an app's would.
import APICheck

extension Relay {
    /// A room's messages, a page at a time, behind an opaque token: the answer's `end` is sent
    /// back as `from`; no `end` means no more. Event ids are strings, in no promised order.
    public static let messages = Endpoint<Messages>(
        id: "rooms.messages", .get, "rooms/{roomId}/messages",
        parameters: [
            .path("roomId", .string, sample: .literal("!lobby:relay")),
            .query("from", .string),
            .query("limit", .int, sample: .literal(2)),
        ],
        mock: "messages", auth: .token,
        paging: .token(ids: "$.chunk[*].event_id", from: .body("$.end"), next: "from", size: "limit", maxPages: 5, mustEnd: true))

    /// The server's accounts, a page at a time: each answer links the next page in an RFC 8288
    /// `Link` header (relative, beside a `last` link); user ids ascend.
    public static let users = Endpoint<UserList>(
        id: "users.list", .get, "users",
        parameters: [.query("per_page", .int, sample: .literal(2))],
        mock: "users", auth: .token,
        paging: .link(ids: "$.users[*].user_id", order: .ascending, size: "per_page", maxPages: 5, mustEnd: true))

    /// The public room directory, a window at a time: `offset` is the index of the window's first
    /// room, `limit` its size; a short or empty window is the last. Open to anyone.
    public static let publicRooms = Endpoint<PublicRooms>(
        id: "rooms.public", .get, "public_rooms",
        parameters: [.query("offset", .int), .query("limit", .int, sample: .literal(2))],
        mock: "public_rooms",
        paging: .offset(ids: "$.chunk[*].room_id", next: "offset", limit: "limit", maxPages: 5, mustEnd: true))

    /// The server's notices, a page at a time by number, the first page 1: numeric ids,
    /// ascending; a short or empty page is the last. Open to anyone.
    public static let notices = Endpoint<Notices>(
        id: "server.notices", .get, "notices",
        parameters: [.query("page", .int), .query("per_page", .int, sample: .literal(2))],
        mock: "notices",
        paging: .pageNumber(ids: "$.notices[*].id", next: "page", size: "per_page", order: .ascending, maxPages: 5, mustEnd: true))
}

/// One window of the public room directory.
public struct PublicRooms: Decodable, Sendable {
    public struct Room: Decodable, Sendable {
        public var room_id: String
        public var name: String
        public var num_joined_members: Int
    }

    public var chunk: [Room]
    public var total_room_count_estimate: Int
}

/// One page of the server's notices.
public struct Notices: Decodable, Sendable {
    public struct Notice: Decodable, Sendable {
        public var id: Int
        public var text: String
    }

    public var notices: [Notice]
}

/// One page of a room's messages.
public struct Messages: Decodable, Sendable {
    public struct Event: Decodable, Sendable {
        public var event_id: String
        public var sender: String
        public var body: String
    }

    public var chunk: [Event]
    public var start: String
    /// The token of the next page; absent on the last.
    public var end: String?
}

/// One page of the server's accounts.
public struct UserList: Decodable, Sendable {
    public struct User: Decodable, Sendable {
        public var user_id: String
        public var display_name: String
    }

    public var users: [User]
}
