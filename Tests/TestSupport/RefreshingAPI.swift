// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

/// A Bearer API with refresh tokens that rotate, unlike the demo in its session: logins of one
/// account live side by side, a dead token gets HTTP 401 with an error object, and a refresh
/// trades the refresh token for a new access token and a new refresh token.
public enum RefreshingAPI {
    public struct Tokens: Codable, Sendable {
        public var access_token: String
        /// Absent from a refresh's answer where refresh tokens do not rotate.
        public var refresh_token: String?
        public var expires_in: Int
    }

    public struct Me: Codable, Sendable {
        public var user_id: String
    }

    public static let login = Endpoint<Tokens>(
        id: "auth.login", .post, "auth/login",
        parameters: [
            .body("user", .string, sample: .environment("NOTES_USER", fallback: nil)),
            .body("password", .string, sample: .environment("NOTES_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn, scenarios: ["wrong_password"])
    public static let refresh = Endpoint<Tokens>(
        id: "auth.refresh", .post, "auth/refresh", parameters: [.body("refresh_token", .string, secret: true)],
        mock: "refresh", sessionEffect: .refreshes)
    public static let logout = Endpoint<EmptyObject>(
        id: "auth.logout", .post, "auth/logout", mock: "logout", auth: .token,
        sessionEffect: .logsOut)
    public static let me = Endpoint<Me>(id: "account.me", .get, "me", mock: "me", auth: .token)

    public static let api = API(
        name: "notes", environments: ["local": URL(string: "http://127.0.0.1:9000/notes/")!],
        envelope: .none, errors: ErrorShape(code: "$.errcode", message: "$.error"),
        expired: [.status(401, code: "M_UNKNOWN_TOKEN")],
        auth: AuthPolicy(
            loginEndpoint: "auth.login", tokenField: "access_token", placement: .bearer,
            accountVariable: "NOTES_USER", passwordVariable: "NOTES_PASSWORD", loggedOutToken: .deadToken,
            refresh: RefreshPolicy(
                endpoint: "auth.refresh", expiresIn: "$.expires_in", rotates: true,
                replacedAccessToken: .deadToken)),
        endpoints: [login, refresh, logout, me])

    public static let mocks: [String: String] = [
        "login.json": #"{"access_token": "at-login", "refresh_token": "rt-login", "expires_in": 300}"#,
        "login@wrong_password.403.json": #"{"errcode": "M_FORBIDDEN", "error": "Invalid username or password"}"#,
        "refresh.json": #"{"access_token": "at-refreshed", "refresh_token": "rt-refreshed", "expires_in": 300}"#,
        "refresh@refused.401.json": #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Unknown refresh token"}"#,
        "logout.json": "{}",
        "logout@expired.401.json": #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Unknown access token"}"#,
        "me.json": #"{"user_id": "@ada:notes"}"#,
        "me@expired.401.json": #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Unknown access token"}"#,
    ]

    /// The mocks written into a fresh folder; `remove()` it in a `defer`.
    public static func mockFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("refreshing-mocks")
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }
}
