import APICheck
import TestSupport

/// Random route tables and requests, and what a plain reading of the routing rules says each
/// request matches: a path matches a template segment for segment (a `{parameter}` takes one
/// non-empty segment, or an empty last one of a String when nothing matches the path with or
/// without its trailing slash); of the templates that match and take the method, a literal beats a
/// parameter at the first place two differ; none taking it is a 405 naming the methods of every
/// template that matches; and a parameter's value must parse as its type.
/// Written as a search over every template, independent of `RouteTable`'s tree.
struct RouteOracle {
    struct Route {
        var method: String
        var segments: [String]
        var types: [Parameter.ValueType]
        var id: String

        var path: String { segments.joined(separator: "/") }
        func isParameter(_ index: Int) -> Bool { segments[index].hasPrefix("{") }
    }

    static let literals = ["a", "b", "items", "statuses", "v2", "home_timeline"]
    static let methods = ["GET", "POST", "DELETE"]

    let routes: [Route]

    /// Up to a dozen routes, one to four segments each; no two with one method and one shape.
    init(_ random: inout SplitMix64) {
        var routes: [Route] = []
        var shapes: Set<String> = []
        for index in 0..<random.int(1...12) {
            var segments: [String] = []
            var types: [Parameter.ValueType] = []
            for _ in 0..<random.int(1...4) {
                if random.chance(0.35) {
                    segments.append("{p\(types.count)}")
                    types.append(random.chance(0.5) ? .int64 : .string)
                } else {
                    segments.append(random.pick(Self.literals))
                }
            }
            if random.chance(0.1) { segments.append("") }  // declared with a trailing slash
            let method = random.pick(Self.methods)
            let shape = method + " " + segments.map { $0.hasPrefix("{") ? "{}" : $0 }.joined(separator: "/")
            guard shapes.insert(shape).inserted else { continue }
            routes.append(Route(method: method, segments: segments, types: types, id: "r\(index)"))
        }
        self.routes = routes
    }

    var endpoints: [AnyEndpoint] {
        routes.map { route in
            Endpoint<NoContent>(
                id: route.id, HTTPMethod(rawValue: route.method), route.path,
                parameters: route.types.indices.map { .path("p\($0)", route.types[$0]) }, mock: route.id
            ).erased
        }
    }

    /// A request path: most of the time a route's own, filled in (sometimes with a value of the
    /// wrong type, or a trailing or doubled slash), otherwise random segments.
    func path(_ random: inout SplitMix64) -> String {
        var segments: [String]
        if random.chance(0.7), let route = routes.randomElement(using: &random) {
            segments = route.segments.indices.map { index in
                guard route.isParameter(index) else { return route.segments[index] }
                return random.chance(0.8) ? String(random.int(0...99_999)) : random.pick(["x7", "", "-3", "a", "4130540976425200"])
            }
        } else {
            segments = (0..<random.int(0...4)).map { _ in random.pick(Self.literals + ["42", ""]) }
        }
        if random.chance(0.15) { segments.append("") }
        if random.chance(0.05), !segments.isEmpty { segments.insert("", at: random.int(0...segments.count - 1)) }
        return (random.chance(0.2) ? "/" : "") + segments.joined(separator: "/")
    }

    /// `RouteTable.match` rendered: `r3 p0=42`, `405 GET, HEAD`, or `404`.
    func expected(_ method: String, _ path: String) -> String {
        var text = Substring(path)
        if text.hasPrefix("/") { text = text.dropFirst() }
        let given = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func routes(matching given: [String], emptyLast: Bool) -> [Route] {
            func fits(_ route: Route, _ index: Int) -> Bool {
                guard route.isParameter(index) else { return route.segments[index] == given[index] }
                return !given[index].isEmpty || (emptyLast && index == given.count - 1)
            }
            return self.routes.filter { route in
                route.segments.count == given.count && route.segments.indices.allSatisfy { fits(route, $0) }
            }
        }
        var matching = routes(matching: given, emptyLast: false)
        // A trailing slash is an empty last value when nothing matches with or without it.
        var emptied = false
        if matching.isEmpty, given.count > 1, given.last == "", routes(matching: Array(given.dropLast()), emptyLast: false).isEmpty {
            matching = routes(matching: given, emptyLast: true)
            emptied = true
        }
        // The best match among those that take the method; a 405 names every method of the path.
        func kinds(_ route: Route) -> [Bool] { route.segments.indices.map(route.isParameter) }
        guard !matching.isEmpty else { return "404" }
        let taking = matching.filter { $0.method == method || (method == "HEAD" && $0.method == "GET") }
        guard let route = taking.min(by: { kinds($0).lexicographicallyPrecedes(kinds($1)) { !$0 && $1 } }) else {
            var allowed = Set(matching.map(\.method))
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return "405 " + allowed.sorted().joined(separator: ", ")
        }
        if emptied, route.types.last != .string { return "404" }
        let values = route.segments.indices.filter(route.isParameter).map { given[$0] }
        for (type, value) in zip(route.types, values) where type == .int64 && Int64(value) == nil { return "404" }
        return ([route.id] + values.indices.map { "p\($0)=\(values[$0])" }).joined(separator: " ")
    }
}
