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
    /// the text as it is. A trailing slash stays (`search/`): to a server it is another path,
    /// and `URL.path` would drop it.
    public static func path(_ url: URL, relativeTo base: URL) -> String {
        let basePath = base.path(percentEncoded: false)
        let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
        let path = url.path(percentEncoded: false)
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
