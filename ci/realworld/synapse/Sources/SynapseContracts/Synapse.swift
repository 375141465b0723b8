import APICheck
import Foundation

/// The Matrix client-server API as Synapse serves it (`/_matrix/client/`): no envelope, errors
/// `{"errcode": "M_…", "error": …}`, a Bearer token from a password login. Logins are devices:
/// a second login leaves the first token valid, so the auth policy does not declare
/// `revokesEarlierTokens`. A dead token answers 401 `M_UNKNOWN_TOKEN`, a missing one 401
/// `M_MISSING_TOKEN`; `logout` ends the device. Access tokens are refreshable (the login asks for
/// a refresh token): a refresh token works once.
/// Credentials come from SYNAPSE_USER and SYNAPSE_PASSWORD.
public enum Synapse {

    public static let versions = Endpoint<Versions>(
        id: "versions", .get, "versions", mock: "versions")

    /// The password login with its nested identifier; user and password from the environment.
    public static let login = Endpoint<Login>(
        id: "login", .post, "v3/login", mock: "login", sessionEffect: .logsIn, scenarios: ["wrong_password"],
        body: .json(PasswordLogin.self,
                    inputs: [.input("user", .string, sample: .environment("SYNAPSE_USER", fallback: nil)),
                             .input("password", .string, sample: .environment("SYNAPSE_PASSWORD", fallback: nil), secret: true)]) { input in
            PasswordLogin(user: input.string("user"), password: input.string("password"), deviceName: "apicheck", refreshToken: true)
        })
    public static let refresh = Endpoint<Refreshed>(
        id: "refresh", .post, "v3/refresh", parameters: [.body("refresh_token", .string, secret: true)],
        mock: "refresh", sessionEffect: .refreshes)

    public static let whoami = Endpoint<WhoAmI>(
        id: "account.whoami", .get, "v3/account/whoami", mock: "whoami", auth: .token)

    public static let profile = Endpoint<Profile>(
        id: "profile", .get, "v3/profile/{userId}",
        parameters: [.path("userId", .string, sample: .seen(endpoint: "login", path: "$.user_id", fallback: nil))],
        mock: "profile",
        // A user the server does not know: 404, with whatever code the version gives (M_UNKNOWN, "No row
        // found (profiles)", where the Matrix spec says M_NOT_FOUND).
        errorChecks: [.scenario("not_found", status: 404, inputs: ["userId": "@apicheck-nobody:localhost"])])

    public static let devices = Endpoint<Devices>(
        id: "devices", .get, "v3/devices", mock: "devices", auth: .token)

    public static let capabilities = Endpoint<Capabilities>(
        id: "capabilities", .get, "v3/capabilities", mock: "capabilities", auth: .token)

    /// Creates a room each run (a name unique to the run): never probed, being a POST.
    public static let createRoom = Endpoint<CreatedRoom>(
        id: "rooms.create", .post, "v3/createRoom",
        parameters: [.body("name", .string, sample: .unique(prefix: "apicheck-")),
                     .body("topic", .string, required: false, sample: .literal("contract check")),
                     .body("preset", .string, required: false, sample: .literal("private_chat"))],
        mock: "create_room", auth: .token)

    public static let joinedRooms = Endpoint<JoinedRooms>(
        id: "rooms.joined", .get, "v3/joined_rooms", mock: "joined_rooms", auth: .token)

    public static let roomName = Endpoint<RoomName>(
        id: "rooms.name", .get, "v3/rooms/{roomId}/state/m.room.name",
        parameters: [.path("roomId", .string, sample: .seen(endpoint: "rooms.create", path: "$.room_id", fallback: nil))],
        mock: "room_name", auth: .token)

    public static let send = Endpoint<SentEvent>(
        id: "rooms.send", .put, "v3/rooms/{roomId}/send/m.room.message/{txnId}",
        parameters: [.path("roomId", .string, sample: .seen(endpoint: "rooms.create", path: "$.room_id", fallback: nil)),
                     .path("txnId", .string, sample: .unique(prefix: "txn-")),
                     .body("msgtype", .string, sample: .literal("m.text")),
                     .body("body", .string, sample: .literal("hello from apicheck"))],
        mock: "send", auth: .token)

    /// The new room's timeline backwards, the run's message first, a page at a time behind an
    /// opaque token: `end` is sent back as `from`; no `end` once the room's first event is
    /// reached. Event ids are strings.
    public static let messages = Endpoint<Messages>(
        id: "rooms.messages", .get, "v3/rooms/{roomId}/messages",
        parameters: [.path("roomId", .string, sample: .seen(endpoint: "rooms.create", path: "$.room_id", fallback: nil)),
                     .query("dir", .string, sample: .literal("b")),
                     .query("from", .string),
                     .query("limit", .int, sample: .literal(4))],
        mock: "messages", auth: .token,
        paging: .token(ids: "$.chunk[*].event_id", from: .body("$.end"), next: "from", size: "limit", maxPages: 5))
        // After the run's message, as its paging walk is (it waits for the run's writes): the
        // check and the walk read the same timeline, the one the mock holds.
        .ordered(after: "rooms.send")

    /// A filter keeping the sync small: no account data, presence, or room events.
    static let filter = Parameter.query(
        "filter", .string,
        sample: .literal(#"{"account_data":{"types":[]},"presence":{"types":[]},"room":{"rooms":[]}}"#))

    public static let sync = Endpoint<Sync>(
        id: "sync", .get, "v3/sync",
        parameters: [filter, .query("timeout", .int, sample: .literal(0))],
        mock: "sync", auth: .token)

    /// The next sync from the first one's `next_batch`: an opaque cursor. Synapse serves the same
    /// endpoint under `r0/` too, which keeps the two declarations on routes of their own.
    public static let syncSince = Endpoint<Sync>(
        id: "sync.since", .get, "r0/sync",
        parameters: [filter, .query("timeout", .int, sample: .literal(0)),
                     .query("since", .string, required: true, sample: .seen(endpoint: "sync", path: "$.next_batch", fallback: nil))],
        mock: "sync_since", auth: .token)

    public static let logout = Endpoint<EmptyObject>(
        id: "logout", .post, "v3/logout", mock: "logout", auth: .token, sessionEffect: .logsOut)

    public static let api = API(
        name: "synapse",
        envelope: .none,
        errors: ErrorShape(code: "$.errcode", message: "$.error"),
        // A missing token is M_MISSING_TOKEN, also 401: only an unknown one is the dead-token answer.
        expired: [.status(401, code: "M_UNKNOWN_TOKEN")],
        auth: AuthPolicy(loginEndpoint: "login", tokenField: "access_token", placement: .bearer,
                         accountVariable: "SYNAPSE_USER", passwordVariable: "SYNAPSE_PASSWORD",
                         revokesEarlierTokens: false,
                         missingToken: .signals([.status(401, code: "M_MISSING_TOKEN")]),
                         loggedOutToken: .deadToken,
                         // An unknown refresh token is 401 M_UNKNOWN_TOKEN; one already used, once
                         // its successor has been used, 403 M_FORBIDDEN. The access token a refresh
                         // replaced stays valid until it expires (or the next refresh).
                         refresh: RefreshPolicy(endpoint: "refresh", parameter: "refresh_token", refreshToken: "$.refresh_token",
                                                expiresIn: "$.expires_in_ms", expiresInUnit: .milliseconds, rotates: true,
                                                refusedRefreshToken: .signals([.status(401, code: "M_UNKNOWN_TOKEN"),
                                                                               .status(403, code: "M_FORBIDDEN")]),
                                                replacedAccessToken: .accepted)),
        secretFields: ["access_token"],
        endpoints: [versions, login, refresh, whoami, profile, devices, capabilities, createRoom, joinedRooms, roomName, send,
                    messages, sync, syncSince, logout])
}
