import APICheck

/// The declared routes closest to a path nobody declared, for the 404's problem document: by
/// edit distance between the paths, with a template's `{parameter}` counting as a match for any
/// segment. Only 404s pay for it, and their cost is bounded whatever the path: the path is cut
/// to a little more than the longest template before it is compared (a longer one is far from
/// every route anyway), and only templates with about as many segments are compared when there
/// are any.
struct RouteSuggestions: Sendable {
    private let endpoints: [AnyEndpoint]
    /// Endpoints by how many segments their template has.
    private let bySegments: [Int: [Int]]
    /// Bytes of a path compared at most.
    let comparedLength: Int

    init(_ endpoints: [AnyEndpoint]) {
        self.endpoints = endpoints
        var bySegments: [Int: [Int]] = [:]
        for (index, endpoint) in endpoints.enumerated() {
            bySegments[RouteTable.segments(endpoint.path).count, default: []].append(index)
        }
        self.bySegments = bySegments
        comparedLength = (endpoints.map(\.path.utf8.count).max() ?? 0) + 16
    }

    /// The `count` closest endpoints, and the cells of edit-distance table computed (the work).
    func closest(to path: Substring, method: String, count: Int = 3) -> (endpoints: [AnyEndpoint], cells: Int) {
        let cut = String(decoding: path.utf8.prefix(comparedLength), as: UTF8.self)
        let wanted = Array(cut.lowercased().utf8)
        let given = RouteTable.segments(cut)
        let near = (given.count - 1...given.count + 1).flatMap { bySegments[$0] ?? [] }
        let candidates = near.isEmpty ? Array(endpoints.indices) : near.sorted()
        var cells = 0
        let scored = candidates.map { index -> (AnyEndpoint, Int) in
            let endpoint = endpoints[index]
            let template = Array(Self.shape(of: endpoint, like: given).lowercased().utf8)
            cells += wanted.count * template.count
            var distance = Self.distance(wanted, template)
            if endpoint.method.rawValue != method { distance += 1 }
            return (endpoint, distance)
        }
        let best = scored.sorted { $0.1 == $1.1 ? $0.0.id < $1.0.id : $0.1 < $1.1 }.prefix(count).map(\.0)
        return (best, cells)
    }

    /// The template with each `{parameter}` replaced by the request's segment at that place, when
    /// that segment is of the parameter's type: `statuses/home_timelin` is closer to
    /// `statuses/home_timeline` than to `statuses/{id}`.
    private static func shape(of endpoint: AnyEndpoint, like given: [Substring]) -> String {
        RouteTable.segments(endpoint.path).enumerated().map { index, segment in
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
