import APICheck
import HTTPServer

/// Links to the upstream's own origin in an answer's headers, turned to the proxy's origin as the
/// client reached it, so that the client's next request comes through the proxy too. A server
/// builds them from the `Host` it was sent, which is the upstream's (a redirect's `Location`, a
/// page's `Link` or `Next-Page`): passed on as they came, they would lead an app past the proxy
/// after its first page or redirect, unchecked. nginx's `proxy_redirect default` does this for
/// `Location`; here it is also done for the headers the API's paging declares. Bodies are never
/// changed, and the checks read the headers as the upstream sent them.
struct UpstreamLinks: Sendable {
    /// `scheme://host:port` of the upstream.
    let origin: String
    /// The names of the headers that may hold such a link.
    let names: [String]

    init(origin: String, endpoints: [AnyEndpoint]) {
        self.origin = origin
        var names = ["location", "content-location", "link"]
        for endpoint in endpoints {
            if case let .url(from: .header(name))? = endpoint.paging?.cursor, !names.contains(where: { HeaderName.same($0, name) }) {
                names.append(name)
            }
        }
        self.names = names
    }

    /// `headers` with each link to the upstream's origin pointing at `clientOrigin` instead; the
    /// headers themselves when none does (no copy) or when there is no client origin. The origin
    /// is asked for only when a header holds a link: most answers hold none.
    func rewritten(_ headers: [(name: String, value: String)], clientOrigin: () -> String?) -> [(name: String, value: String)] {
        guard headers.contains(where: { holdsLink($0) }), let clientOrigin = clientOrigin() else { return headers }
        return headers.map { header in
            holdsLink(header) ? (header.name, Self.replacing(origin, with: clientOrigin, in: header.value)) : header
        }
    }

    /// By name first, compared in place, and only a name of a listed name's length at all (a
    /// field name is ASCII): every header of every answer is looked at.
    private func holdsLink(_ header: (name: String, value: String)) -> Bool {
        let length = header.name.utf8.count
        return names.contains { $0.utf8.count == length && HeaderName.same(header.name, $0) } && header.value.contains(origin)
    }

    /// Each occurrence of `origin` that is a whole origin (followed by a path, a query, the end
    /// of a `Link` target or of the value), not a prefix of a longer host or port.
    private static func replacing(_ origin: String, with replacement: String, in value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let range = rest.range(of: origin) {
            let next = rest[range.upperBound...].first
            let whole = next == nil || "/?#>;, \"".contains(next!)
            result += rest[..<range.lowerBound]
            result += whole ? replacement : origin
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
