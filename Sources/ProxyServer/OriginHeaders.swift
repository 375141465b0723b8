import APICheck
import Foundation

/// A request's `Origin` and `Referer` naming the proxy as the client reached it, turned to the
/// upstream's origin, as its `Host` is. A browser writes them from the page it was on, the
/// proxy's; a server that checks them against its own `Host` (Django's CSRF check of a login
/// form, a WebSocket's origin check) would otherwise refuse every such request. Any other
/// origin (a page elsewhere, one the server trusts or not) is the server's to judge, as sent.
struct OriginHeaders: Sendable {
    /// The upstream's origin as a browser writes it: `scheme://host`, with a port only when it is
    /// not the scheme's own.
    let upstream: String

    init(upstream url: URL) {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = url.host.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 } ?? ""
        let port = url.port.flatMap { ($0 == 80 && scheme == "http") || ($0 == 443 && scheme == "https") ? nil : $0 }
        upstream = scheme + "://" + host + (port.map { ":\($0)" } ?? "")
    }

    /// `headers` with each `Origin` or `Referer` that names `clientOrigin` naming the upstream
    /// instead; the headers themselves when none does (no copy). The client's origin is asked
    /// for only when the request has one of them: an API client's requests mostly do not.
    func rewritten(_ headers: [(name: String, value: String)], clientOrigin: () -> String?) -> [(name: String, value: String)] {
        guard headers.contains(where: Self.namesAnOrigin), let client = clientOrigin() else { return headers }
        return headers.map { header in
            guard Self.namesAnOrigin(header), let rest = Self.rest(of: header.value, after: client) else { return header }
            return (header.name, upstream + rest)
        }
    }

    private static func namesAnOrigin(_ header: (name: String, value: String)) -> Bool {
        let length = header.name.utf8.count
        return (length == 6 && HeaderName.same(header.name, "origin")) || (length == 7 && HeaderName.same(header.name, "referer"))
    }

    /// What follows `origin` in `value` when `value` begins with that whole origin (scheme and
    /// host in any case), followed by its end or a path, query or fragment: not a longer host or
    /// port (`:80800`).
    private static func rest(of value: String, after origin: String) -> Substring? {
        let count = origin.utf8.count
        guard value.utf8.count >= count else { return nil }
        let end = value.utf8.index(value.utf8.startIndex, offsetBy: count)
        guard value.utf8[..<end].elementsEqual(origin.utf8, by: { lowercase($0) == lowercase($1) }) else { return nil }
        let rest = value[end...]
        guard let next = rest.utf8.first else { return rest }
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#") ? rest : nil
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
