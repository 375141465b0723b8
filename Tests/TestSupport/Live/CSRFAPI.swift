// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

/// A Bearer API whose writes need a CSRF token, as Superset's do under Flask-WTF
/// (`CSRFBackend`): the token comes from `GET security/csrf_token/` as `$.result`, tied to the
/// session cookie that answer sets, and goes back as `X-CSRFToken`.
public enum CSRFAPI {
    public struct Tokens: Codable, Sendable {
        public var access_token: String
    }

    public struct CSRFToken: Codable, Sendable {
        public var result: String
    }

    public struct Charts: Codable, Sendable {
        public var ids: [Int]
    }

    public struct Created: Codable, Sendable {
        public var id: Int
    }

    public static let login = Endpoint<Tokens>(
        id: "security.login", .post, "security/login",
        parameters: [
            .body("username", .string, sample: .environment("FLASK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("FLASK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    public static let csrfToken = Endpoint<CSRFToken>(
        id: "security.csrfToken", .get, "security/csrf_token/", mock: "csrf_token", auth: .token)
    public static let charts = Endpoint<Charts>(id: "charts.list", .get, "charts", mock: "charts", auth: .token)
    public static let createChart = Endpoint<Created>(
        id: "charts.create", .post, "charts", parameters: [.body("name", .string, sample: .literal("sales"))],
        mock: "chart_created", auth: .token, successStatus: 201)
    public static let updateChart = Endpoint<Created>(
        id: "charts.update", .put, "charts/1", parameters: [.body("name", .string, sample: .literal("sales"))],
        mock: "chart_updated", auth: .token)

    public static let csrf = CSRFPolicy(.answer(endpoint: "security.csrfToken", at: "$.result"), header: "X-CSRFToken")

    /// The API as declared, with its CSRF token when `csrf` is given.
    public static func api(csrf: CSRFPolicy? = Self.csrf) -> API {
        var auth = AuthPolicy(
            loginEndpoint: "security.login", tokenField: "access_token", placement: .bearer,
            accountVariable: "FLASK_ACCOUNT", passwordVariable: "FLASK_PASSWORD")
        if let csrf { auth = auth.requiringCSRF(csrf) }
        return API(
            name: "csrf", environments: ["local": URL(string: "http://127.0.0.1:9000/api/")!],
            envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
            expired: [.status(401)], auth: auth,
            endpoints: [login, csrfToken, charts, createChart, updateChart])
    }

    public static let credentials = ["FLASK_ACCOUNT": "admin", "FLASK_PASSWORD": "Adm1n-Pa55!"]
}
