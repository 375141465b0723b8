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
        parameters: [.body("user", .string, sample: .environment("SHOP_USER", fallback: nil)),
                     .body("password", .string, sample: .environment("SHOP_PASSWORD", fallback: nil), secret: true)],
        mock: "login", sessionEffect: .logsIn)
    static let item = Endpoint<Item>(
        id: "items.show", .get, "items/{id}", parameters: [.path("id", .int, sample: .literal(7))],
        mock: "item", auth: .token)
    static let logout = Endpoint<NoContent>(id: "auth.logout", .delete, "auth/session", mock: "logout", auth: .token,
                                            sessionEffect: .logsOut)

    static let api = API(
        name: "shop", environments: ["local": URL(string: "http://127.0.0.1:9000/shop/")!],
        envelope: EnvelopePolicy(codeKey: "status", messageKey: "message", payloadKey: "data", successCodes: [0],
                                 logoutCodes: [4011], expiredHTTPStatuses: [401]),
        auth: AuthPolicy(loginEndpoint: "auth.login", tokenField: "token", placement: .bearer,
                         accountVariable: "SHOP_USER", passwordVariable: "SHOP_PASSWORD", revokesEarlierTokens: true),
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

    static let api = API(name: "catalog", environments: ["prod": URL(string: "https://catalog.example.com/v2/")!],
                         envelope: EnvelopePolicy(), endpoints: [product, products])

    static let mocks: [String: String] = [
        "product.json": #"{"id": 1, "name": "lamp"}"#,
        "products.json": #"[{"id": 1, "name": "lamp"}, {"id": 2, "name": "desk"}]"#,
        "products@empty.json": #"[]"#,
    ]
}
