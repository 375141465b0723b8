import APICheck
import Foundation
import HTTPServer
import Synchronization

/// The Relay example API's backend: a small stateful server on 127.0.0.1, any free port, that
/// answers as `Relay` declares. Logins open devices side by side (a new login revokes none), each
/// with an access token and a refresh token; a refresh replaces both (the old ones are dead);
/// `logout` ends the device it was called with. `Broken` makes it break one promise, for tests
/// that the right probe notices.
public final class RelayBackend: Sendable {
    /// A promise the backend breaks.
    public enum Broken: Sendable {
        /// A refresh keeps the refresh token it was given valid (no rotation).
        case refreshDoesNotRotate
        /// `logout` answers `{}` and ends nothing.
        case logoutKeepsToken
        /// Any bearer token works: a dead one is answered 200.
        case acceptsDeadToken
    }

    let server: HTTPServer
    let broken: Broken?
    private let devices = Mutex(RelayDevices())
    private let counter = Mutex(0)
    /// Messages accepted by `rooms/{roomId}/messages`: what a probe must never add to.
    public var messagesSent: Int { devices.withLock { $0.messages } }
    /// Devices logged in and not logged out: a run must leave as many as it found.
    public var openSessions: Int { devices.withLock { $0.count } }
    /// Refresh requests answered, granted or refused.
    public var refreshes: Int { devices.withLock { $0.refreshes } }
    /// Every request asked, as `METHOD path` under `relay/` with the room as `{roomId}`, by count.
    public var asked: [String: Int] { routes.withLock { $0 } }
    private let routes = Mutex<[String: Int]>([:])

    /// Lets every access token issued so far die, as a short-lived token does mid-run: each is
    /// answered as unknown from now on, while its refresh token still renews it, unless
    /// `refreshTokensToo` (a session past its refresh token's life too).
    public func expireAccessTokens(refreshTokensToo: Bool = false) {
        devices.withLock { $0.expireAll(refreshTokensToo: refreshTokensToo) }
    }

    public init(broken: Broken? = nil) throws {
        self.broken = broken
        let box = Box()
        server = HTTPServer { request in box.backend?.handle(request) ?? ServerResponse(status: 503) }
        box.backend = self
        try server.start()
    }

    /// `http://127.0.0.1:PORT/relay/`.
    public var baseURL: URL { URL(string: "relay/", relativeTo: server.baseURL)!.absoluteURL }

    public func stop() { server.stop() }

    /// Drifts the server for a test: the room state's `name` goes missing and `topic` becomes a
    /// number, as a careless release might do.
    public let drifted = Mutex(false)

    /// Breaks the paging of every list (`rooms.messages`, `users.list`, `rooms.public`,
    /// `server.notices`) for a test.
    public let pagingFault = Mutex<RelayPagingFault?>(nil)

    func handle(_ request: ServerRequest) -> ServerResponse {
        guard request.path.hasPrefix("/relay/") else { return error(404, "M_UNRECOGNIZED", "Unrecognized request") }
        var parts = request.path.dropFirst("/relay/".count).split(separator: "/").map(String.init)
        // `rooms/{roomId}/...`: the room apart, the route as a template.
        var room = ""
        if parts.count == 3, parts[0] == "rooms" {
            room = parts[1]
            parts[1] = "{roomId}"
        }
        let route = request.method + " " + parts.joined(separator: "/")
        routes.withLock { $0[route, default: 0] += 1 }
        switch route {
        case "POST login": return login(request)
        case "POST refresh": return refresh(request)
        case "GET version": return json(["name": "relay", "version": "1.4.2"])
        case "GET api/v1/query": return query(request.queryValue("query"))
        case "GET api/v1/labels": return json(#"{"status": "success", "data": ["__name__", "instance", "job"]}"#)
        case "POST api/v1/series": return series(request)
        case "GET public_rooms": return publicRooms(request)
        case "GET notices": return notices(request)
        default: break
        }
        let user: String
        switch authenticate(request) {
        case let .success(found): user = found
        case let .failure(refusal): return refusal.response
        }
        switch route {
        case "POST logout":
            if broken != .logoutKeepsToken, let token = Self.bearer(request) { devices.withLock { $0.end(token) } }
            return json("{}")
        case "GET account/whoami": return json(["user_id": user, "device_id": "DEVICE1"])
        case "GET joined_rooms": return json(#"{"joined_rooms": ["!lobby:relay", "!ops:relay"]}"#)
        case "GET rooms/{roomId}/state": return state(of: room)
        case "GET rooms/{roomId}/messages": return messages(in: room, request)
        case "GET users": return users(request)
        case "GET rooms/{roomId}/joined_members":
            guard Self.rooms.contains(room) else { return error(404, "M_NOT_FOUND", "Unknown room") }
            return json(
                #"{"joined": {"@ada:relay": {"display_name": "Ada", "avatar_url": null}, "@grace:relay": {"display_name": "Grace", "avatar_url": "mxc://relay/grace"}, "@linus:relay": {"display_name": "Linus", "avatar_url": null}}}"#
            )
        case "POST rooms/{roomId}/messages":
            guard Self.rooms.contains(room) else { return error(404, "M_NOT_FOUND", "Unknown room") }
            guard let body = try? JSONParser.parse(request.body), body["body"]?.stringValue != nil else {
                return error(400, "M_BAD_JSON", "body: a string is required")
            }
            let number = counter.withLock {
                $0 += 1; return $0
            }
            devices.withLock { $0.messages += 1 }
            return .json(Data(#"{"event_id": "$\#(room.dropFirst().prefix { $0 != ":" })-\#(number)"}"#.utf8), status: 201)
        case "POST rooms/{roomId}/read_markers":
            guard Self.rooms.contains(room) else { return error(404, "M_NOT_FOUND", "Unknown room") }
            guard let body = try? JSONParser.parse(request.body), body["m.fully_read"]?.stringValue?.hasPrefix("$") == true else {
                return error(400, "M_BAD_JSON", "m.fully_read: an event id is required")
            }
            return ServerResponse(status: 204)
        default:
            return error(404, "M_UNRECOGNIZED", "Unrecognized request")
        }
    }

    static let rooms = ["!lobby:relay", "!ops:relay"]

    private func login(_ request: ServerRequest) -> ServerResponse {
        guard let body = try? JSONParser.parse(request.body), body["type"]?.stringValue == "m.login.password",
            body["identifier"]?["type"]?.stringValue == "m.id.user", let user = body["identifier"]?["user"]?.stringValue,
            let password = body["password"]?.stringValue
        else {
            return error(400, "M_BAD_JSON", "type, identifier.user and password are required")
        }
        guard user == Relay.credentials[Relay.account], password == Relay.credentials[Relay.password] else {
            return error(403, "M_FORBIDDEN", "Invalid username or password")
        }
        let number = counter.withLock {
            $0 += 1; return $0
        }
        let device = "DEVICE\(number)"
        let (access, refresh) = devices.withLock { $0.open(device: device, user: "@\(user):relay", tokens: newTokens()) }
        return json(
            #"{"access_token": "\#(access)", "device_id": "\#(device)", "expires_in_ms": \#(Self.lifetimeMS), "#
                + #""refresh_token": "\#(refresh)", "user_id": "@\#(user):relay"}"#)
    }

    /// How long an access token lives, as the answers say.
    static let lifetimeMS = 300_000

    private func newTokens() -> (access: String, refresh: String) {
        let number = counter.withLock {
            $0 += 1; return $0
        }
        let mixed = String(format: "%016x", UInt64(number) &* 0x9E37_79B9_7F4A_7C15)
        return ("syt_YWRh_" + mixed, "syr_YWRh_" + mixed)
    }

    private func refresh(_ request: ServerRequest) -> ServerResponse {
        devices.withLock { $0.refreshes += 1 }
        guard let body = try? JSONParser.parse(request.body), let given = body["refresh_token"]?.stringValue else {
            return error(400, "M_BAD_JSON", "refresh_token is required")
        }
        let renewed = devices.withLock { $0.refresh(given, tokens: newTokens(), rotates: broken != .refreshDoesNotRotate) }
        guard let (access, refresh) = renewed else { return error(401, "M_UNKNOWN_TOKEN", "Unknown refresh token") }
        return json(#"{"access_token": "\#(access)", "expires_in_ms": \#(Self.lifetimeMS), "refresh_token": "\#(refresh)"}"#)
    }

    private func state(of room: String) -> ServerResponse {
        guard Self.rooms.contains(room) else { return error(404, "M_NOT_FOUND", "Unknown room") }
        if drifted.withLock({ $0 }) { return json(#"{"room_id": "\#(room)", "topic": 7}"#) }
        // The lobby's topic is plain text, the ops room's a formatted one: one field, two shapes.
        let topic = room == "!lobby:relay" ? #""Say hello""# : #"{"text": "<b>Incidents</b> only", "format": "html"}"#
        return json(#"{"room_id": "\#(room)", "name": "\#(room == "!lobby:relay" ? "Lobby" : "Ops")", "topic": \#(topic)}"#)
    }

    /// A metrics query: `up` is a vector, a number a scalar, anything else a parse error, all in
    /// the metrics endpoints' string-status envelope.
    private func query(_ text: String?) -> ServerResponse {
        guard let text, !text.isEmpty else {
            return .json(Data(#"{"status": "error", "errorType": "bad_data", "error": "query: parameter is required"}"#.utf8), status: 400)
        }
        if text == "up" {
            return json(
                #"{"status": "success", "data": {"resultType": "vector", "result": [{"metric": {"__name__": "up", "job": "relay", "instance": "127.0.0.1:8008"}, "value": [1764590400.5, "1"]}]}}"#
            )
        }
        if let number = Double(text) {
            return json(#"{"status": "success", "data": {"resultType": "scalar", "result": [1764590400.5, "\#(number)"]}}"#)
        }
        return .json(
            Data(#"{"status": "error", "errorType": "bad_data", "error": "parse error at char 1: unexpected character"}"#.utf8),
            status: 400)
    }

    /// Series by selector, from a form: `match[]` repeated, each a metric name here.
    private func series(_ request: ServerRequest) -> ServerResponse {
        guard request.header("content-type")?.hasPrefix("application/x-www-form-urlencoded") ?? false else {
            return .json(Data(#"{"status": "error", "errorType": "bad_data", "error": "expected a form body"}"#.utf8), status: 400)
        }
        let names = FormBody.pairs(request.body).filter { $0.name == "match[]" }.map(\.value)
        guard !names.isEmpty else {
            return .json(Data(#"{"status": "error", "errorType": "bad_data", "error": "no match[] parameter provided"}"#.utf8), status: 400)
        }
        let known = ["up", "relay_messages_total"]
        let series = names.filter(known.contains).map { JSONValue.object([("__name__", .string($0)), ("job", .string("relay"))]) }
        return json(JSONValue.object([("status", .string("success")), ("data", .array(series))]).compactText)
    }

    private struct Refusal: Error { var response: ServerResponse }

    private func authenticate(_ request: ServerRequest) -> Result<String, Refusal> {
        guard let token = Self.bearer(request) else {
            return .failure(Refusal(response: error(401, "M_MISSING_TOKEN", "Missing access token")))
        }
        guard let user = devices.withLock({ $0.user(of: token) }) ?? (broken == .acceptsDeadToken ? "@ada:relay" : nil) else {
            return .failure(Refusal(response: error(401, "M_UNKNOWN_TOKEN", "Unknown access token")))
        }
        return .success(user)
    }

    private static func bearer(_ request: ServerRequest) -> String? {
        guard let value = request.header("authorization"), value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }

    func error(_ status: Int, _ code: String, _ message: String) -> ServerResponse {
        .json(Data(#"{"errcode": "\#(code)", "error": "\#(message)"}"#.utf8), status: status)
    }

    private func json(_ text: String) -> ServerResponse { .json(Data(text.utf8)) }

    private func json(_ members: [String: String]) -> ServerResponse {
        let object = JSONValue.object(members.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
        return .json(Data(object.compactText.utf8))
    }

    /// The handler reaches the backend through this, set once the server exists.
    private final class Box: @unchecked Sendable {
        weak var backend: RelayBackend?
    }
}
