import APICheck
import Foundation

/// A small shop API, unlike the demo on purpose: its envelope is `status` / `message` / `data`,
/// success is 0, the token travels as `Authorization: Bearer`, credentials come from SHOP_*.
public enum Shop {
    static let email = Parameter.body("email", .string, sample: .environment("SHOP_ACCOUNT", fallback: nil))
    static let password = Parameter.body("password", .string, sample: .environment("SHOP_PASSWORD", fallback: nil), secret: true)

    public static let login = Endpoint<Session>(
        id: "session.create", .post, "session", parameters: [email, password],
        mock: "session", sessionEffect: .logsIn)

    public static let products = Endpoint<[Product]>(
        id: "products.list", .get, "products", parameters: [.query("page", .int, sample: .literal(1))],
        mock: "products")

    public static let basket = Endpoint<Basket>(
        id: "basket.show", .get, "basket", mock: "basket", auth: .token)

    public static let api = API(
        name: "shop",
        environments: ["staging": URL(string: "https://staging.shop.example/api/")!],
        envelope: EnvelopePolicy(codeKey: "status", messageKey: "message", payloadKey: "data", successCodes: [0],
                                 logoutCodes: [401001], expiredHTTPStatuses: [401], messageRequired: false),
        auth: AuthPolicy(loginEndpoint: "session.create", tokenField: "token", placement: .bearer,
                         accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),
        endpoints: [login, products, basket])
}

/// Decode types are `Sendable` as well as `Decodable`: endpoints are shared across concurrent checks.
public struct Session: Decodable, Sendable {
    public var token: String
}

public struct Product: Decodable, Sendable {
    public var sku: String
    public var name: String
    public var priceCents: Int

    enum CodingKeys: String, CodingKey {
        case sku, name
        case priceCents = "price_cents"
    }
}

public struct Basket: Decodable, Sendable {
    public var items: [String]
    public var totalCents: Int

    enum CodingKeys: String, CodingKey {
        case items
        case totalCents = "total_cents"
    }
}
