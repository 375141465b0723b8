import APICheck

/// The catalog's routes as a tree of path segments: a lookup walks the request's segments, so its
/// cost grows with the path's depth, not with the number of endpoints. A literal segment wins
/// over a `{parameter}` at the same place (`statuses/home_timeline` before `statuses/{id}`).
struct RouteTable: Sendable {
    enum Match {
        case found(AnyEndpoint, pathValues: [(name: String, value: String)])
        /// The path is declared, not with this method.
        case wrongMethod(allowed: [String])
        /// Nothing declared; or a template matched but a path parameter is not of its type (the note says which).
        case notFound(note: String?)
    }

    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        /// By method: the endpoint's index in `endpoints`.
        var methods: [String: Int] = [:]
    }

    private var nodes = [Node()]
    let endpoints: [AnyEndpoint]

    init(_ endpoints: [AnyEndpoint]) {
        self.endpoints = endpoints
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
                } else if let next = nodes[node].literals[String(segment)] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[String(segment)] = nodes.count - 1
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
    func match(method: String, path: Substring) -> Match {
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
        let values = zip(endpoint.pathParameterNames, captured).map { (name: $0, value: String($1)) }
        for value in values {
            guard let parameter = endpoint.parameters.first(where: { $0.name == value.name && $0.location == .path }) else { continue }
            if !RequestValidator.parses(value.value, as: parameter.type) {
                return .notFound(note: "\(endpoint.path) needs \(parameter.name) as \(parameter.type.rawValue), not \"\(value.value)\"")
            }
        }
        return .found(endpoint, pathValues: values)
    }

    /// The node the segments lead to, literals first; a dead end under a literal falls back to
    /// the parameter branch.
    private func find(_ segments: ArraySlice<Substring>, from node: Int, captured: inout [Substring]) -> Int? {
        guard let first = segments.first else { return nodes[node].methods.isEmpty ? nil : node }
        let rest = segments.dropFirst()
        if let next = nodes[node].literals[String(first)], let found = find(rest, from: next, captured: &captured) {
            return found
        }
        if let next = nodes[node].parameter, !first.isEmpty {
            captured.append(first)
            if let found = find(rest, from: next, captured: &captured) { return found }
            captured.removeLast()
        }
        return nil
    }

    static func segments<S: StringProtocol>(_ path: S) -> [Substring] {
        let trimmed = path.hasPrefix("/") ? Substring(path.dropFirst()) : Substring(path)
        return trimmed.split(separator: "/", omittingEmptySubsequences: false)
    }
}
