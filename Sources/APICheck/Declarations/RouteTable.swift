/// The catalog's routes as a tree of path segments: a lookup walks the request's segments, so its
/// cost grows with the path's depth, not with the number of endpoints. At one place a literal
/// segment wins over a segment that mixes text and a placeholder (`{id}.json`, longest text
/// first), which wins over a bare `{parameter}` (`statuses/home_timeline` before `statuses/{id}`),
/// which wins over a placeholder that spans segments (`contents/{+path}`: RFC 6570's reserved
/// expansion). That one takes one segment or more, the fewest that leave a match for what follows
/// it, so a literal after it still wins (`{+path}/raw` over `{+path}` for `a/b/raw`); its value
/// is the segments it took, decoded, joined by `/`.
/// `serve` routes requests with it; `import-har` finds the endpoint a captured request was for.
///
/// It routes the path as sent: segments are split on the raw `/` and only then percent-decoded,
/// so a value holding an encoded slash (`users/a%2Fb`) is one segment, as the client meant it.
public struct RouteTable: Sendable {
    public enum Match {
        case found(AnyEndpoint, pathValues: [(name: String, value: String)])
        /// The path is declared, not with this method.
        case wrongMethod(allowed: [String])
        /// Nothing declared; or a template matched but a path parameter is not of its type (the note says which).
        case notFound(note: String?)
    }

    /// A template segment with text around its placeholder: `{id}.json` has suffix `.json`.
    private struct Mixed: Sendable {
        var prefix: String
        var suffix: String
        var next: Int
    }

    private struct Node: Sendable {
        var literals: [Substring: Int] = [:]
        var mixed: [Mixed] = []
        var parameter: Int?
        /// The node after a `{+name}` segment.
        var spanning: Int?
        /// By method: the indices in `endpoints` of the endpoints declared there, in declaration
        /// order (more than one when they declare what tells them apart).
        var methods: [String: [Int]] = [:]
    }

    private var nodes = [Node()]
    public let endpoints: [AnyEndpoint]
    /// By endpoint index: its path parameters in template order, as declared (text where a
    /// placeholder declares none), worked out once rather than per request.
    private let pathParameters: [[Parameter]]

    public init(_ endpoints: [AnyEndpoint]) {
        self.endpoints = endpoints
        pathParameters = endpoints.map { endpoint in
            endpoint.pathParameterNames.map { name in
                endpoint.parameters.first { $0.name == name && $0.location == .path } ?? .path(name, .string)
            }
        }
        // A path that begins with an address-valued placeholder names no route a request takes.
        for (index, endpoint) in endpoints.enumerated() where !endpoint.beginsWithAddress {
            var node = 0
            for segment in Self.segments(endpoint.path) {
                node = child(of: node, for: segment)
            }
            // Several on one method and path are told apart by their distinctions; `API.problems`
            // reports those that declare none.
            nodes[node].methods[endpoint.method.rawValue, default: []].append(index)
        }
    }

    private mutating func child(of node: Int, for segment: Substring) -> Int {
        func added() -> Int {
            nodes.append(Node())
            return nodes.count - 1
        }
        if segment.hasPrefix("{+"), segment.hasSuffix("}") {
            if let next = nodes[node].spanning { return next }
            let next = added()
            nodes[node].spanning = next
            return next
        }
        if let open = segment.firstIndex(of: "{"), let close = segment[open...].firstIndex(of: "}") {
            let prefix = String(segment[..<open]), suffix = String(segment[segment.index(after: close)...])
            if prefix.isEmpty, suffix.isEmpty {
                if let next = nodes[node].parameter { return next }
                let next = added()
                nodes[node].parameter = next
                return next
            }
            if let known = nodes[node].mixed.first(where: { $0.prefix == prefix && $0.suffix == suffix }) { return known.next }
            let next = added()
            nodes[node].mixed.append(Mixed(prefix: prefix, suffix: suffix, next: next))
            // Most literal text first: `{id}.min.json` is tried before `{id}.json`.
            nodes[node].mixed.sort { $0.prefix.utf8.count + $0.suffix.utf8.count > $1.prefix.utf8.count + $1.suffix.utf8.count }
            return next
        }
        if let next = nodes[node].literals[segment] { return next }
        let next = added()
        nodes[node].literals[segment] = next
        return next
    }

    /// Every method a route of `path` takes (`HEAD` with `GET`), sorted: an `Allow` header's.
    public func methods(at path: Substring) -> [String] {
        // No endpoint declares the empty method, so the match lists the path's methods.
        guard case let .wrongMethod(allowed) = match(method: "", path: path) else { return [] }
        return allowed
    }

    /// `path` is relative to the base path, as sent: still percent-encoded. The route is the
    /// first, in the order above, that takes the method (`HEAD` as `GET` where none declares it):
    /// a literal declared with other methods only gives way to a placeholder that takes it
    /// (`GET dags/~/dagRuns/list` is `dags/{dag_id}/dagRuns/{run_id}` beside a `POST` of
    /// that literal path), as routers that match path and method together do. Where endpoints
    /// share the route, the first whose distinction the request `meets` answers, else the first
    /// that declares none.
    public func match(method: String, path: Substring, meets: (Distinction) -> Bool = { _ in false }) -> Match {
        var segments = Self.segments(path)
        for index in segments.indices { segments[index] = Self.decoded(segments[index]) }
        let takes = { (node: Int) in
            let methods = nodes[node].methods
            return methods[method] != nil || (method == "HEAD" && methods["GET"] != nil)
        }
        var captured: [String] = []
        var emptyLast = false
        var found = find(segments[...], from: 0, captured: &captured, accepting: takes)
        // A trailing slash may be an empty last value (`search/` for `search/{path}`, a path
        // parameter FastAPI and Flask let be empty), when nothing declares the path without it.
        if found == nil, segments.count > 1, segments.last?.isEmpty == true, !isRouted(segments[...]),
            !isRouted(segments.dropLast())
        {
            emptyLast = true
            captured.removeAll()
            found = find(segments[...], from: 0, captured: &captured, emptyLast: true, accepting: takes)
            if found != nil, let emptied = captured.indices.last, !captured[emptied].isEmpty { return .notFound(note: nil) }
        }
        guard let node = found else {
            // Every method a route of this path takes, whichever kind of route it is.
            var allowed = Set<String>()
            var scratch: [String] = []
            _ = find(segments[...], from: 0, captured: &scratch, emptyLast: emptyLast) { node in
                allowed.formUnion(nodes[node].methods.keys)
                return false
            }
            guard !allowed.isEmpty else { return .notFound(note: nil) }
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return .wrongMethod(allowed: allowed.sorted())
        }
        let methods = nodes[node].methods
        guard let indices = methods[method] ?? (method == "HEAD" ? methods["GET"] : nil), let first = indices.first else {
            return .notFound(note: nil)
        }
        let index =
            indices.count == 1
            ? first
            : indices.first { endpoints[$0].distinction.map(meets) ?? false }
                ?? indices.first { endpoints[$0].distinction == nil } ?? first
        let endpoint = endpoints[index]
        // Only text may be empty: `items/` is no item of an Int id.
        if captured.last?.isEmpty == true, pathParameters[index].last?.type != .string { return .notFound(note: nil) }
        var values: [(name: String, value: String)] = []
        values.reserveCapacity(captured.count)
        for (parameter, value) in zip(pathParameters[index], captured) {
            // A list's items are each of the type (`3,4,5`); its value as a whole is not.
            if parameter.type != .string || parameter.format != nil,
                parameter.list != nil
                    ? !value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy({ parameter.parses(String($0)) })
                    : !parameter.parses(value)
            {
                return .notFound(note: "\(endpoint.path) needs \(parameter.name) as \(parameter.expected), not \"\(value)\"")
            }
            values.append((parameter.name, value))
        }
        return .found(endpoint, pathValues: values)
    }

    /// Whether any route, of any method, matches the segments.
    private func isRouted(_ segments: ArraySlice<Substring>) -> Bool {
        var scratch: [String] = []
        return find(segments, from: 0, captured: &scratch) { !nodes[$0].methods.isEmpty } != nil
    }

    /// The first node the segments lead to that `accepting` takes: literals first, then text
    /// around a placeholder, then a bare placeholder; a dead end, or a node not taken, falls back
    /// to the next kind.
    private func find(
        _ segments: ArraySlice<Substring>, from node: Int, captured: inout [String], emptyLast: Bool = false,
        accepting: (Int) -> Bool
    ) -> Int? {
        guard let first = segments.first else { return accepting(node) ? node : nil }
        let rest = segments.dropFirst()
        if let next = nodes[node].literals[first],
            let found = find(rest, from: next, captured: &captured, emptyLast: emptyLast, accepting: accepting)
        {
            return found
        }
        for mixed in nodes[node].mixed
        where first.utf8.count > mixed.prefix.utf8.count + mixed.suffix.utf8.count
            && first.hasPrefix(mixed.prefix) && first.hasSuffix(mixed.suffix)
        {
            let value = first.utf8.dropFirst(mixed.prefix.utf8.count).dropLast(mixed.suffix.utf8.count)
            captured.append(String(Substring(value)))
            if let found = find(rest, from: mixed.next, captured: &captured, emptyLast: emptyLast, accepting: accepting) { return found }
            captured.removeLast()
        }
        if let next = nodes[node].parameter, !first.isEmpty || (emptyLast && rest.isEmpty) {
            captured.append(String(first))
            if let found = find(rest, from: next, captured: &captured, emptyLast: emptyLast, accepting: accepting) { return found }
            captured.removeLast()
        }
        if let next = nodes[node].spanning {
            let taken = segments.prefix { !$0.isEmpty }
            for count in stride(from: 1, through: taken.count, by: 1) {
                captured.append(taken.prefix(count).joined(separator: "/"))
                if let found = find(segments.dropFirst(count), from: next, captured: &captured, emptyLast: emptyLast, accepting: accepting)
                {
                    return found
                }
                captured.removeLast()
            }
        }
        return nil
    }

    /// A raw segment percent-decoded; one with a broken escape stays as sent.
    static func decoded(_ segment: Substring) -> Substring {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return segment }
        return segment.removingPercentEncoding.map { Substring($0) } ?? segment
    }

    /// Split on the bytes of `/`, not on characters: no grapheme breaking on the request path.
    /// One array, built in one pass: this runs for every request `serve` answers.
    public static func segments<S: StringProtocol>(_ path: S) -> [Substring] {
        var text = Substring(path)
        if text.utf8.first == UInt8(ascii: "/") { text = text.dropFirst() }
        let bytes = text.utf8
        var segments: [Substring] = []
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                segments.append(text[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        segments.append(text[start...])
        return segments
    }
}
