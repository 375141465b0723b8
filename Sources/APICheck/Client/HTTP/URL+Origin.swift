import Foundation

extension URL {
    /// Scheme, host and port, the port made explicit: what a redirect must keep for a request to
    /// go on carrying credentials, the token or secret headers.
    public var origin: String? {
        guard let scheme = scheme?.lowercased(), let host = host?.lowercased() else { return nil }
        let port = port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }

    public func hasSameOrigin(as other: URL) -> Bool {
        guard let origin else { return false }
        return origin == other.origin
    }
}

extension HTTPResponse {
    /// Where a redirect answer points when that is another origin than `request`'s: a redirect
    /// the transport did not follow, so that nothing secret went there.
    public func crossOriginRedirect(from request: URL) -> URL? {
        guard (300..<400).contains(status), let location = header("Location"),
            let target = URL(string: location, relativeTo: request)?.absoluteURL,
            !target.hasSameOrigin(as: request)
        else { return nil }
        return target
    }
}
