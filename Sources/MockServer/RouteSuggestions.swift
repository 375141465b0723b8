import APICheck

/// The declared routes closest to a path nobody declared, for the 404's problem document: by
/// edit distance between the paths, with a template's `{parameter}` counting as a match for any
/// segment. Only 404s pay for it.
enum RouteSuggestions {
    static func closest(to path: Substring, method: String, in endpoints: [AnyEndpoint], count: Int = 3) -> [AnyEndpoint] {
        let wanted = Array(path.lowercased().utf8)
        let scored = endpoints.map { endpoint -> (AnyEndpoint, Int) in
            var distance = Self.distance(wanted, Array(shape(of: endpoint, like: path).lowercased().utf8))
            if endpoint.method.rawValue != method { distance += 1 }
            return (endpoint, distance)
        }
        return scored.sorted { $0.1 == $1.1 ? $0.0.id < $1.0.id : $0.1 < $1.1 }.prefix(count).map(\.0)
    }

    /// The template with each `{parameter}` replaced by the request's segment at that place, when
    /// that segment is of the parameter's type: `statuses/home_timelin` is closer to
    /// `statuses/home_timeline` than to `statuses/{id}`.
    private static func shape(of endpoint: AnyEndpoint, like path: Substring) -> String {
        let given = RouteTable.segments(path)
        return RouteTable.segments(endpoint.path).enumerated().map { index, segment in
            guard segment.hasPrefix("{"), index < given.count else { return String(segment) }
            let name = segment.dropFirst().dropLast()
            let type = endpoint.parameters.first { $0.name == name }?.type ?? .string
            return type.parses(String(given[index])) ? String(given[index]) : String(segment)
        }.joined(separator: "/")
    }

    private static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
