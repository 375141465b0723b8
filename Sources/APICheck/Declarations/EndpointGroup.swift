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
public protocol EndpointGroup: Sendable {}

extension EndpointGroup {
    /// Every endpoint among the stored properties, depth first, in declaration order.
    public var allEndpoints: [AnyEndpoint] { Self.endpoints(in: self) }

    private static func endpoints(in value: Any) -> [AnyEndpoint] {
        Mirror(reflecting: value).children.flatMap { child -> [AnyEndpoint] in
            switch child.value {
            case let endpoint as any EndpointConvertible: [endpoint.erased]
            case let group as any EndpointGroup: endpoints(in: group)
            case let list as [any EndpointConvertible]: list.map(\.erased)
            default: []
            }
        }
    }
}
