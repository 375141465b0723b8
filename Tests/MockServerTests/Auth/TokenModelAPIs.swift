// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

/// One small API declared six ways, one per way a token travels: a login's token as a Bearer
/// header, in the query or in a session cookie (with refresh, revoking logins, a forced-logout
/// signal and a missing-token signal of its own), a Bearer token from a login that takes HTTP Basic
/// credentials, a token issued beforehand (`Authorization: token …`) and HTTP Basic credentials on
/// every request. What the token model's tests walk every token state over.
enum TokenModelAPIs: String, CaseIterable, Sendable, CustomStringConvertible {
    case bearer, query, cookie, basicLogin = "basic-login", preIssued = "pre-issued", basic

    var description: String { rawValue }

    struct Tokens: Codable, Sendable {
        var access_token: String
        var refresh_token: String?
        var expires_in: Int
    }

    struct Me: Codable, Sendable {
        var user_id: String
    }

    static let login = Endpoint<Tokens>(
        id: "auth.login", .post, "auth/login",
        parameters: [
            .body("user", .string, sample: .environment("MODEL_USER", fallback: nil)),
            .body("password", .string, sample: .environment("MODEL_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    /// A token endpoint in the OAuth 2 client-credentials style: the credentials in `Authorization: Basic`.
    static let tokenEndpoint = Endpoint<Tokens>(id: "auth.login", .post, "auth/login", mock: "login", sessionEffect: .logsIn)
    static let refresh = Endpoint<Tokens>(
        id: "auth.refresh", .post, "auth/refresh", parameters: [.body("refresh_token", .string, secret: true)],
        mock: "refresh", sessionEffect: .refreshes)
    static let logout = Endpoint<EmptyObject>(
        id: "auth.logout", .post, "auth/logout", mock: "logout", auth: .token,
        sessionEffect: .logsOut)
    static let me = Endpoint<Me>(id: "account.me", .get, "me", mock: "me", auth: .token)

    static let environment = ["MODEL_USER": "ada", "MODEL_PASSWORD": "pw", "MODEL_TOKEN": "key-abcdefghijklmnop"]

    var hasLogin: Bool { self == .bearer || self == .query || self == .cookie || self == .basicLogin }

    var api: API {
        let auth: AuthPolicy
        switch self {
        case .bearer, .query, .cookie, .basicLogin:
            let placement: AuthPolicy.Placement = self == .query ? .query("access_token") : self == .cookie ? .cookie("sid") : .bearer
            auth = AuthPolicy(
                loginEndpoint: "auth.login", tokenField: "access_token", placement: placement,
                accountVariable: "MODEL_USER", passwordVariable: "MODEL_PASSWORD",
                revokesEarlierTokens: true, revokedToken: .forcedLogout,
                missingToken: .signals([.status(401, code: "M_MISSING_TOKEN")]), loggedOutToken: .deadToken,
                refresh: RefreshPolicy(
                    endpoint: "auth.refresh", expiresIn: "$.expires_in", rotates: true,
                    replacedAccessToken: .deadToken),
                loginCredentials: self == .basicLogin ? .basic : .parameters)
        case .preIssued:
            auth = .preIssued(variable: "MODEL_TOKEN", placement: .scheme("token"))
        case .basic:
            auth = .basic(accountVariable: "MODEL_USER", passwordVariable: "MODEL_PASSWORD")
        }
        return API(
            name: "model-\(rawValue)", environments: ["local": URL(string: "http://127.0.0.1:9000/model/")!],
            envelope: .none, errors: ErrorShape(code: "$.errcode", message: "$.error"),
            expired: [.status(401, code: "M_UNKNOWN_TOKEN")], forcedLogout: hasLogin ? [.status(401, code: "M_SIGNED_OUT")] : [],
            auth: auth,
            endpoints: hasLogin ? [self == .basicLogin ? Self.tokenEndpoint : Self.login, Self.refresh, Self.logout, Self.me] : [Self.me])
    }

    var mocks: [String: String] {
        var files = [
            "me.json": #"{"user_id": "@ada:model"}"#,
            "me@expired.401.json": #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Unknown access token"}"#,
        ]
        guard hasLogin else { return files }
        files["me@logout.401.json"] = #"{"errcode": "M_SIGNED_OUT", "error": "Signed in on another device"}"#
        files["login.json"] = #"{"access_token": "at-login", "refresh_token": "rt-login", "expires_in": 300}"#
        files["refresh.json"] = #"{"access_token": "at-refreshed", "refresh_token": "rt-refreshed", "expires_in": 300}"#
        files["refresh@refused.401.json"] = #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Unknown refresh token"}"#
        files["logout.json"] = "{}"
        files["logout@expired.401.json"] = #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Unknown access token"}"#
        files["logout@logout.401.json"] = #"{"errcode": "M_SIGNED_OUT", "error": "Signed in on another device"}"#
        return files
    }

    /// The token issued beforehand, where the API has one.
    var beforehand: String? { api.auth.tokenIssuedBeforehand(in: Self.environment) }

    /// The states a token of this API can be in.
    var states: [TokenState] {
        hasLogin ? TokenState.allCases.filter { $0 != .issuedBeforehand } : [.issuedBeforehand, .missing, .neverIssued, .expired]
    }

    /// A token the server never issued, as it travels here.
    var neverIssued: String {
        self == .basic ? AuthPolicy.basicCredentials(account: "ada", password: "wrong") : "neverissuedtokenabcdef"
    }
}
