import Foundation

/// The one way a URL is printed, in messages, reports, traces and transport errors: never its user
/// or password (either may be a credential), never its fragment; its query only when asked for
/// (then `Redactor.display` masks the secret values in it).
public enum URLDisplay {
    /// `scheme://host:port/path`, with `?query` when `query` is true. A URL without a scheme and a
    /// host prints as `<invalid URL>`: whatever else it holds is not known to be safe.
    public static func string(_ url: URL, query: Bool) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host != nil
        else {
            return "<invalid URL>"
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        if !query { components.query = nil }
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        return components.string ?? "<invalid URL>"
    }

    /// The path of `url` relative to `base`'s path, as results show it (`statuses/42`); the whole
    /// path when it lies elsewhere. Percent-escapes are decoded: a redactor and `DisplayText` see
    /// the text as it is. An escaped slash stays `%2F`: a `{name}` that sent `team%2Fapp` is one
    /// segment to the server, not the two of a `{+name}`'s `team/app`. A trailing slash stays
    /// (`search/`): to a server it is another path, and `URL.path` would drop it.
    public static func path(_ url: URL, relativeTo base: URL) -> String {
        let basePath = shownPath(base.path(percentEncoded: true))
        let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
        let path = shownPath(url.path(percentEncoded: true))
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Each segment of a percent-encoded path decoded, a slash within one escaped again.
    private static func shownPath(_ encoded: String) -> String {
        encoded.split(separator: "/", omittingEmptySubsequences: false)
            .map { segment in
                (segment.removingPercentEncoding ?? String(segment)).replacingOccurrences(of: "/", with: "%2F")
            }
            .joined(separator: "/")
    }
}
