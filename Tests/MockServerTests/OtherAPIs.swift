// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

struct Item: Codable, Sendable {
    var id: Int
    var name: String
}

struct SessionToken: Codable, Sendable {
    var token: String
    var user: String
}

/// An API with a bearer token in a header, envelope `status` / `message` / `data`, HTTP 401 for
/// a dead token and envelope code 4011 for a forced logout (a login revokes earlier tokens).
enum ShopAPI {
    static let login = Endpoint<SessionToken>(
        id: "auth.login", .post, "auth/session",
        parameters: [
            .body("user", .string, sample: .environment("SHOP_USER", fallback: nil)),
            .body("password", .string, sample: .environment("SHOP_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    static let item = Endpoint<Item>(
        id: "items.show", .get, "items/{id}", parameters: [.path("id", .int, sample: .literal(7))],
        mock: "item", auth: .token)
    static let logout = Endpoint<NoContent>(
        id: "auth.logout", .delete, "auth/session", mock: "logout", auth: .token,
        sessionEffect: .logsOut)

    static let api = API(
        name: "shop", environments: ["local": URL(string: "http://127.0.0.1:9000/shop/")!],
        envelope: EnvelopePolicy(
            codeKey: "status", messageKey: "message", payloadKey: "data", successCodes: [0],
            logoutCodes: [4011], expiredHTTPStatuses: [401]),
        auth: AuthPolicy(
            loginEndpoint: "auth.login", tokenField: "token", placement: .bearer,
            accountVariable: "SHOP_USER", passwordVariable: "SHOP_PASSWORD", revokesEarlierTokens: true,
            loggedOutToken: .deadToken),
        endpoints: [login, item, logout])

    static let mocks: [String: String] = [
        "login.json": #"{"status": 0, "message": "ok", "data": {"token": "tok-from-mock", "user": "ann"}}"#,
        "item.json": #"{"status": 0, "message": "ok", "data": {"id": 7, "name": "kettle"}}"#,
        "item@logout.json": #"{"status": 4011, "message": "signed in elsewhere", "data": null}"#,
        "item@expired.json": #"{"error": "unauthorized"}"#,
        "logout.json": #"{"status": 0, "message": "ok", "data": null}"#,
        "logout@logout.json": #"{"status": 4011, "message": "signed in elsewhere", "data": null}"#,
        "logout@expired.json": #"{"error": "unauthorized"}"#,
    ]
}

/// An API without login, without envelope, under `/v2/`.
enum CatalogAPI {
    static let product = Endpoint<Item>(
        id: "products.show", .get, "products/{sku}", parameters: [.path("sku", .string, sample: .literal("A-1"))],
        mock: "product", enveloped: false)
    static let products = Endpoint<[Item]>(
        id: "products.list", .get, "products", parameters: [.query("page", .int, required: true, sample: .literal(1))],
        mock: "products", enveloped: false, scenarios: ["empty"])

    static let api = API(
        name: "catalog", environments: ["prod": URL(string: "https://catalog.example.com/v2/")!],
        envelope: EnvelopePolicy(), endpoints: [product, products])

    static let mocks: [String: String] = [
        "product.json": #"{"id": 1, "name": "lamp"}"#,
        "products.json": #"[{"id": 1, "name": "lamp"}, {"id": 2, "name": "desk"}]"#,
        "products@empty.json": #"[]"#,
    ]
}

/// A chat API like a Matrix homeserver's: no envelope, errors `{"errcode", "error"}`, a Bearer
/// token; every login is a device of its own (no revocation declared); a dead token answers 401
/// with `M_UNKNOWN_TOKEN`; `POST logout` answers `{}`.
enum ChatAPI {
    struct Login: Codable, Sendable { var user_id: String; var access_token: String }
    struct WhoAmI: Codable, Sendable { var user_id: String }

    static let login = Endpoint<Login>(
        id: "login", .post, "v3/login",
        parameters: [
            .body("user", .string, sample: .environment("CHAT_USER", fallback: nil)),
            .body("password", .string, sample: .environment("CHAT_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    static let whoami = Endpoint<WhoAmI>(id: "whoami", .get, "v3/account/whoami", mock: "whoami", auth: .token)
    static let logout = Endpoint<EmptyObject>(id: "logout", .post, "v3/logout", mock: "logout", auth: .token, sessionEffect: .logsOut)

    static let api = API(
        name: "chat", environments: ["local": URL(string: "http://127.0.0.1:8008/_matrix/client/")!],
        envelope: .none, errors: ErrorShape(code: "$.errcode", message: "$.error"),
        expired: [.status(401, code: "M_UNKNOWN_TOKEN")],
        auth: AuthPolicy(
            loginEndpoint: "login", tokenField: "access_token", placement: .bearer,
            accountVariable: "CHAT_USER", passwordVariable: "CHAT_PASSWORD", loggedOutToken: .deadToken),
        endpoints: [login, whoami, logout])

    static let mocks: [String: String] = [
        "login.json": #"{"user_id": "@ann:chat", "access_token": "syt_from_mock"}"#,
        "whoami.json": #"{"user_id": "@ann:chat"}"#,
        "whoami@expired.json": #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Invalid access token passed."}"#,
        "logout.json": "{}",
        "logout@expired.json": #"{"errcode": "M_UNKNOWN_TOKEN", "error": "Invalid access token passed."}"#,
    ]
}
