import APICheck

/// The catalog's routes as serve looks a request up in them: the route table, the declared
/// routes closest to a path nobody declared (for the 404), and the most segments a template has,
/// past which a path is no route without being split.
struct MockRoutes: Sendable {
    let table: RouteTable
    let suggestions: RouteSuggestions
    /// The most segments a route template has.
    let maxSegments: Int

    init(_ endpoints: [AnyEndpoint]) {
        table = RouteTable(endpoints)
        suggestions = RouteSuggestions(endpoints)
        maxSegments = endpoints.map { RouteTable.segments($0.path).count }.max() ?? 0
    }

    /// Whether a path (under the base path) has more segments than any template. Its slashes are
    /// counted only when its length allows that many.
    func isLongerThanEveryRoute(_ relative: Substring) -> Bool {
        relative.utf8.count > maxSegments && relative.utf8.lazy.filter({ $0 == UInt8(ascii: "/") }).count > maxSegments
    }
}
