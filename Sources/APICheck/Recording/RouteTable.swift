import Foundation

/// Finds the declared endpoint a captured request was for, by method and path template under the
/// API's base path: `GET /Api/statuses/4130540976425200?access_token=…` is `statuses.show`,
/// whatever the host, the query's order or its extra parameters. A literal segment beats a
/// parameter (`statuses/home_timeline` is not `statuses/{id}`).
public struct RouteTable: Sendable {
    private struct Route: Sendable {
        var endpoint: AnyEndpoint
        /// Template segments; nil for a `{parameter}`.
        var segments: [String?]
        var literals: Int
    }

    private let routes: [Route]
    /// Base paths (`/Api/`) requests sit under: the one given, else every environment's.
    public let basePaths: [String]

    public init(api: API, baseURL: URL? = nil) {
        routes = api.endpoints.map { endpoint in
            let segments: [String?] = endpoint.path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
                segment.hasPrefix("{") && segment.hasSuffix("}") ? nil : String(segment)
            }
            return Route(endpoint: endpoint, segments: segments, literals: segments.compactMap { $0 }.count)
        }
        let paths = baseURL.map { [$0.path] } ?? api.environments.values.map(\.path)
        basePaths = Set(paths.map { $0.hasSuffix("/") ? $0 : $0 + "/" }).sorted { $0.count > $1.count }
    }

    /// The endpoint for a method and a URL path (percent-encoded or not). Under a known base path
    /// when there is one; with no base path known, the template may match the path's tail.
    public func endpoint(method: String, path: String) -> AnyEndpoint? {
        let decoded = path.removingPercentEncoding ?? path
        for base in basePaths where decoded.hasPrefix(base) || decoded + "/" == base {
            if let found = match(method, Self.segments(String(decoded.dropFirst(base.count)))) { return found }
        }
        guard basePaths.isEmpty else { return nil }
        let segments = Self.segments(decoded)
        return routes.filter { $0.endpoint.method.rawValue == method && $0.segments.count <= segments.count }
            .filter { Self.fits($0.segments, Array(segments.suffix($0.segments.count))) }
            .max { ($0.segments.count, $0.literals) < ($1.segments.count, $1.literals) }?.endpoint
    }

    private func match(_ method: String, _ segments: [String]) -> AnyEndpoint? {
        routes.filter { $0.endpoint.method.rawValue == method && Self.fits($0.segments, segments) }
            .max { $0.literals < $1.literals }?.endpoint
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func fits(_ template: [String?], _ segments: [String]) -> Bool {
        template.count == segments.count && zip(template, segments).allSatisfy { $0 == nil || $0 == $1 }
    }
}
