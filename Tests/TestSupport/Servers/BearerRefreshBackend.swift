import APICheck
import Foundation
import HTTPServer
import Synchronization

/// `BearerRefreshAPI`'s server on 127.0.0.1, any free port: a login issues an access token and a
/// refresh token; the refresh takes the refresh token as `Authorization: Bearer <refresh token>`
/// and refuses anything else (a raw token: "Missing 'Bearer' type"), as Flask-JWT-Extended does.
public final class BearerRefreshBackend: Sendable {
    private struct State {
        var access: Set<String> = []
        var refresh: Set<String> = []
        var issued = 0
        var refreshes = 0
    }

    private let state = Mutex(State())
    private let box = Box()
    let server: HTTPServer
    /// Refuses every refresh, as a server whose refresh tokens are already dead does.
    let refusesRefresh: Bool
    /// Answers `GET /me` with a live token 400, as a server whose document leaves out a parameter
    /// it requires does: the endpoint fails its check whatever the token.
    let refusesMe: Bool

    public init(refusesRefresh: Bool = false, refusesMe: Bool = false) throws {
        self.refusesRefresh = refusesRefresh
        self.refusesMe = refusesMe
        let box = self.box
        server = HTTPServer { request in box.backend?.handle(request) ?? ServerResponse(status: 503) }
        box.backend = self
        try server.start()
    }

    /// `http://127.0.0.1:PORT/api/`.
    public var baseURL: URL { URL(string: "api/", relativeTo: server.baseURL)!.absoluteURL }

    public func stop() { server.stop() }

    /// Refresh requests answered, granted or refused.
    public var refreshes: Int { state.withLock { $0.refreshes } }

    /// Every access token issued so far dies; refresh tokens still renew.
    public func expireAccessTokens() { state.withLock { $0.access = [] } }

    func handle(_ request: ServerRequest) -> ServerResponse {
        switch request.method + " " + request.path {
        case "POST /api/security/login":
            guard let body = try? JSONParser.parse(request.body), body["username"]?.stringValue == "admin",
                body["password"]?.stringValue == "Adm1n-Pa55!"
            else { return Self.message(401, "Not authorized") }
            let (access, refresh) = state.withLock { state in
                state.issued += 1
                let tokens = ("eyJhY2Nlc3Mi.\(state.issued)a", "eyJyZWZyZXNoIg.\(state.issued)r")
                state.access.insert(tokens.0)
                state.refresh.insert(tokens.1)
                return tokens
            }
            return .json(Data(#"{"access_token": "\#(access)", "refresh_token": "\#(refresh)"}"#.utf8))
        case "POST /api/security/refresh":
            state.withLock { $0.refreshes += 1 }
            guard let header = request.header("authorization"), header.hasPrefix("Bearer ") else {
                return Self.message(401, "Missing 'Bearer' type in 'Authorization' header. Expected 'Authorization: Bearer <JWT>'")
            }
            let given = String(header.dropFirst("Bearer ".count))
            guard
                let access = state.withLock({ state -> String? in
                    guard !refusesRefresh, state.refresh.contains(given) else { return nil }
                    state.issued += 1
                    let access = "eyJhY2Nlc3Mi.\(state.issued)a"
                    state.access.insert(access)
                    return access
                })
            else { return Self.message(401, "Token has expired") }
            return .json(Data(#"{"access_token": "\#(access)"}"#.utf8))
        case "GET /api/me":
            guard let header = request.header("authorization"), header.hasPrefix("Bearer "),
                state.withLock({ $0.access.contains(String(header.dropFirst("Bearer ".count))) })
            else { return Self.message(401, "Token has expired") }
            if refusesMe { return Self.message(400, "Not a valid rison schema") }
            return .json(Data(#"{"username": "admin"}"#.utf8))
        default:
            return Self.message(404, "Not Found")
        }
    }

    private static func message(_ status: Int, _ text: String) -> ServerResponse {
        .json(Data(#"{"msg": "\#(text)"}"#.utf8), status: status)
    }

    /// The handler reaches the backend through this, set once the server exists.
    private final class Box: @unchecked Sendable {
        weak var backend: BearerRefreshBackend?
    }
}
