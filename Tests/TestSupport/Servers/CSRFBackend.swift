import APICheck
import Foundation
import HTTPServer
import Synchronization

/// `CSRFAPI`'s server on 127.0.0.1, any free port, guarding its writes as Flask-WTF guards
/// Superset's: `GET /api/security/csrf_token/` (with a live Bearer token) sets a `session` cookie
/// and answers `{"result": "<token>"}`; a POST, PUT, PATCH or DELETE without that token in
/// `X-CSRFToken`, or without the session cookie it is tied to, gets `400 The CSRF token is
/// missing.`; reads and the login need none.
public final class CSRFBackend: Sendable {
    private struct State {
        var access: Set<String> = []
        /// The CSRF token each session cookie holds.
        var sessions: [String: String] = [:]
        var issued = 0
        var fetches = 0
        /// Whether the next write refuses the token it carries, as an expired one.
        var refusesNextToken = false
    }

    /// What the handler and the tests share: the server holds the handler, so it holds this,
    /// never the backend.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    public let server: TestServer

    public init() throws {
        let shared = self.shared
        server = try TestServer { request in Self.handle(request, shared.state) }
    }

    /// `http://127.0.0.1:PORT/api/`.
    public var baseURL: URL { server.url("/api/") }

    public func stop() { server.stop() }

    /// Requests for a CSRF token so far.
    public var fetches: Int { shared.state.withLock { $0.fetches } }

    /// The CSRF tokens issued so far.
    public var tokens: [String] { shared.state.withLock { Array($0.sessions.values) } }

    /// The next write's token is refused (`400 The CSRF token has expired.`), and every token
    /// issued so far dies with it.
    public func expireTokensAtNextWrite() { shared.state.withLock { $0.refusesNextToken = true } }

    private static func handle(_ request: ServerRequest, _ state: borrowing Mutex<State>) -> ServerResponse {
        let bearer = request.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let authorized = bearer.map { token in state.withLock { $0.access.contains(token) } } ?? false
        switch (request.method, request.path) {
        case ("POST", "/api/security/login"):
            guard let body = try? JSONParser.parse(request.body), body["username"]?.stringValue == "admin" else {
                return message(401, "Not authorized")
            }
            let token = state.withLock { state in
                state.issued += 1
                let token = "eyJhY2Nlc3Mi.\(state.issued)access"
                state.access.insert(token)
                return token
            }
            return .json(Data(#"{"access_token": "\#(token)"}"#.utf8))
        case ("GET", "/api/security/csrf_token/"):
            guard authorized else { return message(401, "Token has expired") }
            let (session, token) = state.withLock { state in
                state.issued += 1
                state.fetches += 1
                let pair = ("sess\(state.issued)\(TokenStore.randomHex().prefix(12))", "IjE\(TokenStore.randomHex())")
                state.sessions[pair.0] = pair.1
                return pair
            }
            var response = ServerResponse.json(Data(#"{"result": "\#(token)"}"#.utf8))
            response.headers.append(("Set-Cookie", "session=\(session); HttpOnly; Path=/; SameSite=Lax"))
            return response
        case ("GET", "/api/charts"):
            guard authorized else { return message(401, "Token has expired") }
            return .json(Data(#"{"ids": [1]}"#.utf8))
        case (_, "/api/charts"), (_, "/api/charts/1"):
            let session = request.header("cookie").flatMap { cookie in
                cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("session=") }
                    .map { String($0.dropFirst("session=".count)) }
            }
            let refused = state.withLock { state -> String? in
                guard let header = request.header("x-csrftoken") else { return "The CSRF token is missing." }
                guard let session, state.sessions[session] == header else { return "The CSRF session token is missing." }
                if state.refusesNextToken {
                    state.refusesNextToken = false
                    state.sessions = [:]
                    return "The CSRF token has expired."
                }
                return nil
            }
            if let refused { return message(400, "400 Bad Request: " + refused) }
            guard authorized else { return message(401, "Token has expired") }
            return .json(Data(#"{"id": 1}"#.utf8), status: request.method == "POST" ? 201 : 200)
        default:
            return message(404, "Not Found")
        }
    }

    private static func message(_ status: Int, _ text: String) -> ServerResponse {
        .json(Data(#"{"message": "\#(text)"}"#.utf8), status: status)
    }
}
