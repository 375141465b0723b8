/// Anything that can stand in an API catalog: `Endpoint<T>` of any `T`.
public protocol EndpointConvertible: Sendable {
    var erased: AnyEndpoint { get }
}
