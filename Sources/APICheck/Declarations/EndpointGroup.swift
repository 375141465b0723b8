/// Endpoints declared once, as the stored properties of a struct: `allEndpoints` lists every one
/// in declaration order, so an endpoint cannot be declared and then forgotten in `API(endpoints:)`
/// (which shows up only as orphan mocks). Nested groups and arrays of endpoints are listed too.
///
/// ```swift
/// @dynamicMemberLookup
/// public enum Shop {
///     public struct Endpoints: EndpointGroup {
///         public let login = Endpoint<User>(id: "account.login", .post, "Account/login", mock: "login")
///         public let cart = Endpoint<Cart>(id: "cart.show", .get, "cart", mock: "cart", auth: .token)
///     }
///     public static let endpoints = Endpoints()
///     /// `Shop.cart` reads like a `static let`, without a second list to keep in step.
///     public static subscript<E>(dynamicMember keyPath: KeyPath<Endpoints, E>) -> E { endpoints[keyPath: keyPath] }
///     public static let api = API(name: "shop", envelope: ..., auth: ..., endpoints: endpoints.allEndpoints)
/// }
/// ```
public protocol EndpointGroup: Sendable {
    /// What the group's endpoints are about, as a document tags operations (`Charts`): the tag
    /// `apicheck openapi` gives each (`import-openapi` writes one group per tag and names it).
    /// Nil (the default): each endpoint's is taken from its id.
    static var tag: String? { get }
}

extension EndpointGroup {
    public static var tag: String? { nil }

    /// Every endpoint among the stored properties, depth first, in declaration order.
    public var allEndpoints: [AnyEndpoint] { Self.endpoints(in: self, tag: Self.tag) }

    /// `tag`: the innermost group's own tag on the way down, given to the endpoints it lists.
    private static func endpoints(in value: Any, tag: String?) -> [AnyEndpoint] {
        Mirror(reflecting: value).children.flatMap { child -> [AnyEndpoint] in
            switch child.value {
            case let endpoint as any EndpointConvertible: [tagged(endpoint.erased, tag)]
            case let group as any EndpointGroup: endpoints(in: group, tag: type(of: group).tag ?? tag)
            case let list as [any EndpointConvertible]: list.map { tagged($0.erased, tag) }
            default: []
            }
        }
    }

    private static func tagged(_ endpoint: AnyEndpoint, _ tag: String?) -> AnyEndpoint {
        guard let tag, endpoint.tag == nil else { return endpoint }
        var tagged = endpoint
        tagged.tag = tag
        return tagged
    }
}
