import Foundation

/// Finds the declared endpoint a captured request was for, by method and path template under the
/// API's base path: `GET /Api/statuses/4130540976425200?access_token=…` is `statuses.show`,
/// whatever the host, the query's order or its extra parameters. The matching is `RouteTable`'s,
/// the one `serve` routes with: a literal segment beats a parameter.
public struct CapturedRoutes: Sendable {
    private let table: RouteTable
    /// Base paths (`/Api/`) requests sit under: the one given, else every environment's.
    public let basePaths: [String]

    public init(api: API, baseURL: URL? = nil) {
        table = RouteTable(api.endpoints)
        let paths = baseURL.map { [$0.path] } ?? api.environments.values.map(\.path)
        basePaths = Set(paths.map { $0.hasSuffix("/") ? $0 : $0 + "/" }).sorted { $0.count > $1.count }
    }

    /// The endpoint for a method and a URL path as captured (percent-encoded: an encoded `/` stays
    /// inside its segment). Under a known base path when there is one; with no base path known,
    /// the longest template that matches the path's tail. Where endpoints share the route, the
    /// one whose distinction the request `meets` (`HAREntry.meets`), as in `serve`.
    public func endpoint(method: String, path: String, meets: (Distinction) -> Bool = { _ in false }) -> AnyEndpoint? {
        for base in basePaths where path.hasPrefix(base) || path + "/" == base {
            if let found = match(method, Substring(path.dropFirst(base.count)), meets: meets) { return found }
        }
        guard basePaths.isEmpty else { return nil }
        // Empty segments stay: `statuses/1/` is no more `statuses/{id}` here than under a base path.
        let segments = RouteTable.segments(path)
        for start in segments.indices {
            if let found = match(method, Substring(segments[start...].joined(separator: "/")), meets: meets) { return found }
        }
        return nil
    }

    private func match(_ method: String, _ path: Substring, meets: (Distinction) -> Bool) -> AnyEndpoint? {
        // HEAD finds a GET route in `serve`; a capture names its method as it was sent.
        guard case let .found(endpoint, _) = table.match(method: method, path: path, meets: meets),
            endpoint.method.rawValue == method
        else {
            return nil
        }
        return endpoint
    }
}
