// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

/// A Bearer API whose refresh endpoint takes the refresh token as a credential, as
/// Flask-JWT-Extended's (Superset, every Flask-AppBuilder app) does: `Authorization: Bearer
/// <refresh token>`, never a parameter. Refresh tokens do not rotate; a dead token gets HTTP 401.
public enum BearerRefreshAPI {
    public struct Tokens: Codable, Sendable {
        public var access_token: String
        public var refresh_token: String?
    }

    public struct Me: Codable, Sendable {
        public var username: String
    }

    public static let login = Endpoint<Tokens>(
        id: "security.login", .post, "security/login",
        parameters: [
            .body("username", .string, sample: .environment("FLASK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("FLASK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    public static let refresh = Endpoint<Tokens>(
        id: "security.refresh", .post, "security/refresh", mock: "refresh", sessionEffect: .refreshes)
    public static let me = Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token)

    public static let api = API(
        name: "flask", environments: ["local": URL(string: "http://127.0.0.1:9000/api/")!],
        envelope: .none, errors: ErrorShape(code: "$.code", message: "$.msg"),
        expired: [.status(401)],
        auth: AuthPolicy(
            loginEndpoint: "security.login", tokenField: "access_token", placement: .bearer,
            accountVariable: "FLASK_ACCOUNT", passwordVariable: "FLASK_PASSWORD",
            refresh: RefreshPolicy(endpoint: "security.refresh", placement: .bearer, rotates: false)),
        endpoints: [login, refresh, me])

    public static let credentials = ["FLASK_ACCOUNT": "admin", "FLASK_PASSWORD": "Adm1n-Pa55!"]

    public static let mocks: [String: String] = [
        "login.json": #"{"access_token": "at-login", "refresh_token": "rt-login"}"#,
        "refresh.json": #"{"access_token": "at-refreshed"}"#,
        "refresh@refused.401.json": #"{"msg": "Token has expired"}"#,
        "me.json": #"{"username": "admin"}"#,
        "me@expired.401.json": #"{"msg": "Token has expired"}"#,
    ]

    /// The mocks written into a fresh folder; `remove()` it in a `defer`.
    public static func mockFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("bearer-refresh-mocks")
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }
}
