/// The catalog's routes as a tree of path segments: a lookup walks the request's segments, so its
/// cost grows with the path's depth, not with the number of endpoints. A literal segment wins
/// over a `{parameter}` at the same place (`statuses/home_timeline` before `statuses/{id}`).
/// `serve` routes requests with it; `import-har` finds the endpoint a captured request was for.
public struct RouteTable: Sendable {
    public enum Match {
        case found(AnyEndpoint, pathValues: [(name: String, value: String)])
        /// The path is declared, not with this method.
        case wrongMethod(allowed: [String])
        /// Nothing declared; or a template matched but a path parameter is not of its type (the note says which).
        case notFound(note: String?)
    }

    private struct Node: Sendable {
        var literals: [Substring: Int] = [:]
        var parameter: Int?
        /// By method: the endpoint's index in `endpoints`.
        var methods: [String: Int] = [:]
    }

    private var nodes = [Node()]
    public let endpoints: [AnyEndpoint]
    /// By endpoint index: its path parameters in template order, with their declared types,
    /// worked out once rather than per request.
    private let pathParameters: [[(name: String, type: Parameter.ValueType)]]

    public init(_ endpoints: [AnyEndpoint]) {
        self.endpoints = endpoints
        pathParameters = endpoints.map { endpoint in
            endpoint.pathParameterNames.map { name in
                (name, endpoint.parameters.first { $0.name == name && $0.location == .path }?.type ?? .string)
            }
        }
        for (index, endpoint) in endpoints.enumerated() {
            var node = 0
            for segment in Self.segments(endpoint.path) {
                if segment.hasPrefix("{"), segment.hasSuffix("}") {
                    if let next = nodes[node].parameter {
                        node = next
                    } else {
                        nodes.append(Node())
                        nodes[node].parameter = nodes.count - 1
                        node = nodes.count - 1
                    }
                } else if let next = nodes[node].literals[segment] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[segment] = nodes.count - 1
                    node = nodes.count - 1
                }
            }
            // The first declaration of a method and path answers; `API.problems` reports duplicates.
            if nodes[node].methods[endpoint.method.rawValue] == nil {
                nodes[node].methods[endpoint.method.rawValue] = index
            }
        }
    }

    /// `path` is relative to the base path, already percent-decoded.
    public func match(method: String, path: Substring) -> Match {
        let segments = Self.segments(path)
        var captured: [Substring] = []
        guard let node = find(segments[...], from: 0, captured: &captured) else { return .notFound(note: nil) }
        let methods = nodes[node].methods
        let wanted = methods[method] ?? (method == "HEAD" ? methods["GET"] : nil)
        guard let index = wanted else {
            var allowed = Set(methods.keys)
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return .wrongMethod(allowed: allowed.sorted())
        }
        let endpoint = endpoints[index]
        var values: [(name: String, value: String)] = []
        values.reserveCapacity(captured.count)
        for (parameter, text) in zip(pathParameters[index], captured) {
            let value = String(text)
            if parameter.type != .string, !parameter.type.parses(value) {
                return .notFound(note: "\(endpoint.path) needs \(parameter.name) as \(parameter.type.rawValue), not \"\(value)\"")
            }
            values.append((parameter.name, value))
        }
        return .found(endpoint, pathValues: values)
    }

    /// The node the segments lead to, literals first; a dead end under a literal falls back to
    /// the parameter branch.
    private func find(_ segments: ArraySlice<Substring>, from node: Int, captured: inout [Substring]) -> Int? {
        guard let first = segments.first else { return nodes[node].methods.isEmpty ? nil : node }
        let rest = segments.dropFirst()
        if let next = nodes[node].literals[first], let found = find(rest, from: next, captured: &captured) {
            return found
        }
        if let next = nodes[node].parameter, !first.isEmpty {
            captured.append(first)
            if let found = find(rest, from: next, captured: &captured) { return found }
            captured.removeLast()
        }
        return nil
    }

    /// Split on the bytes of `/`, not on characters: no grapheme breaking on the request path.
    public static func segments<S: StringProtocol>(_ path: S) -> [Substring] {
        var text = Substring(path)
        if text.utf8.first == UInt8(ascii: "/") { text = text.dropFirst() }
        return text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
    }
}
