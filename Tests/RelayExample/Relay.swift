import APICheck
import Foundation

/// The repository's second example API, unlike the demo in every convention: a chat-and-metrics
/// server whose answers carry no envelope, whose token travels as a Bearer header, whose errors
/// are an error object (`{"errcode": "M_FORBIDDEN", "error": "…"}`), and whose metrics endpoints
/// alone wrap their answers in a string-status envelope (`{"status": "success", "data": …}`).
/// It answers `{}` (logout), nothing at all (a 204), 201 Created, a field that is a string or an
/// object (a room's topic), a `[number, string]` pair (a sample) and a payload whose shape
/// depends on a `resultType` field (a query's result).
///
/// Its auth is a multi-device chat server's: each login is a device of its own and leaves the
/// others valid; an access token lives for a few minutes and is renewed with a refresh token,
/// which works once (refresh tokens rotate); the access token a refresh replaced is dead from
/// then on; `logout` ends a device, access and refresh token alike.
public enum Relay {
    public static let account = "RELAY_USER"
    public static let password = "RELAY_PASSWORD"

    /// A nested JSON body, its user and password from the environment.
    public static let login = Endpoint<LoginAnswer>(
        id: "auth.login", .post, "login", mock: "login", sessionEffect: .logsIn, scenarios: ["wrong_password"],
        body: .json(
            PasswordLogin.self,
            inputs: [
                .input("user", .string, sample: .environment(account, fallback: nil)),
                .input("password", .string, sample: .environment(password, fallback: nil), secret: true),
            ]
        ) { input in
            PasswordLogin(user: input.string("user"), password: input.string("password"), deviceName: "apicheck", refreshToken: true)
        })
    /// Trades a refresh token for a new access token and a new refresh token.
    public static let refresh = Endpoint<RefreshAnswer>(
        id: "auth.refresh", .post, "refresh", parameters: [.body("refresh_token", .string, secret: true)],
        mock: "refresh", sessionEffect: .refreshes)
    /// Answers `{}`.
    public static let logout = Endpoint<EmptyObject>(
        id: "auth.logout", .post, "logout", mock: "logout", auth: .token,
        sessionEffect: .logsOut)
    public static let whoami = Endpoint<WhoAmI>(id: "account.whoami", .get, "account/whoami", mock: "whoami", auth: .token)
    public static let joinedRooms = Endpoint<JoinedRooms>(id: "rooms.joined", .get, "joined_rooms", mock: "joined_rooms", auth: .token)
    /// `topic` is a string or an object.
    public static let roomState = Endpoint<RoomState>(
        id: "rooms.state", .get, "rooms/{roomId}/state",
        parameters: [
            .path("roomId", .string, sample: .seen(endpoint: "rooms.joined", path: "$.joined_rooms[0]", fallback: "!lobby:relay"))
        ],
        mock: "room_state", auth: .token)
    /// Members keyed by user id: the keys are data.
    public static let members = Endpoint<Members>(
        id: "rooms.members", .get, "rooms/{roomId}/joined_members",
        parameters: [.path("roomId", .string, sample: .literal("!lobby:relay"))], mock: "members", auth: .token)
    /// 201 Created.
    public static let send = Endpoint<SentEvent>(
        id: "rooms.send", .post, "rooms/{roomId}/messages",
        parameters: [
            .path("roomId", .string, sample: .literal("!lobby:relay")),
            .body("msgtype", .string, sample: .literal("m.text")),
            .body("body", .string, sample: .unique(prefix: "hello from apicheck ")),
        ],
        mock: "send", auth: .token, successStatus: 201,
        // The server looks the room up before it stores anything: safe to send though a POST.
        errorChecks: [.scenario("unknown_room", status: 404, code: "M_NOT_FOUND", inputs: ["roomId": "!nowhere:relay"], sent: .always)])
    /// 204 No Content: an empty body. The body marks the message `rooms.send` sent as read: a typed
    /// body whose input is seen in an earlier answer.
    public static let readMarker = Endpoint<NoContent>(
        id: "rooms.read", .post, "rooms/{roomId}/read_markers",
        parameters: [.path("roomId", .string, sample: .literal("!lobby:relay"))],
        mock: "read_markers", auth: .token, successStatus: 204,
        body: .json(
            ReadMarkers.self,
            inputs: [.input("event", .string, sample: .seen(endpoint: "rooms.send", path: "$.event_id", fallback: nil))]
        ) { input in
            ReadMarkers(fullyRead: input.string("event"), read: input.string("event"))
        })
    public static let version = Endpoint<ServerVersion>(id: "server.version", .get, "version", mock: "version")

    /// The metrics endpoints' own envelope: a string status, the data beside it under `data`,
    /// failures as `{"status": "error", "errorType": "bad_data", "error": "…"}`.
    public static let metricsEnvelope = EnvelopePolicy(
        code: "$.status", message: "$.error", payload: "$.data",
        success: ["success"], failure: ["error"])
    /// `data` depends on `resultType`: a vector of samples, or one scalar `[time, "value"]` pair.
    public static let query = Endpoint<QueryData>(
        id: "metrics.query", .get, "api/v1/query", parameters: [.query("query", .string, required: true, sample: .literal("up"))],
        mock: "query", envelope: metricsEnvelope, scenarios: ["scalar"],
        // A failure in the metrics envelope: its code is the envelope's "error".
        errorChecks: [.scenario("bad_query", status: 400, code: "error", inputs: ["query": "up{"])])
    public static let labels = Endpoint<[String]>(
        id: "metrics.labels", .get, "api/v1/labels", mock: "labels",
        envelope: metricsEnvelope)

    /// A form body with a list: `match[]=up&match[]=relay_messages_total&limit=10`.
    public static let series = Endpoint<[[String: String]]>(
        id: "metrics.series", .post, "api/v1/series", mock: "series", envelope: metricsEnvelope,
        body: .form(SeriesForm.self, lists: .brackets, sample: SeriesForm(match: ["up", "relay_messages_total"], limit: 10)))

    public static let api = API(
        name: "relay",
        environments: ["local": URL(string: "http://127.0.0.1:8008/relay/")!],
        envelope: .none,
        errors: ErrorShape(code: "$.errcode", message: "$.error"),
        expired: [.status(401, code: "M_UNKNOWN_TOKEN"), .status(401, code: "M_MISSING_TOKEN")],
        auth: AuthPolicy(
            loginEndpoint: "auth.login", tokenField: "access_token", placement: .bearer,
            accountVariable: account, passwordVariable: password,
            revokesEarlierTokens: false, missingToken: .deadToken, loggedOutToken: .deadToken,
            refresh: RefreshPolicy(
                endpoint: "auth.refresh", parameter: "refresh_token", refreshToken: "$.refresh_token",
                expiresIn: "$.expires_in_ms", expiresInUnit: .milliseconds, rotates: true,
                refusedRefreshToken: .signals([.status(401, code: "M_UNKNOWN_TOKEN")]),
                replacedAccessToken: .deadToken)),
        endpoints: [
            login, refresh, logout, whoami, joinedRooms, roomState, members, send, readMarker, version, query, labels, series,
            messages, users, publicRooms, notices,
        ])

    /// The example's mocks, wherever the tests run from.
    public static var mocks: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("mocks", isDirectory: true)
    }

    /// Credentials the bundled backend accepts.
    public static let credentials = [account: "ada", password: "relay-password"]
}
