import Foundation

extension URL {
    /// `scheme://host:port/path`: what may appear in messages. Tokens travel in the query and
    /// credentials in the user info, so both are dropped, as is the fragment.
    var redactedForDisplay: String {
        guard let components = URLComponents(url: self, resolvingAgainstBaseURL: false),
              let scheme = components.scheme, let host = components.host else {
            return "<invalid URL>"
        }
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let portPart = components.port.map { ":\($0)" } ?? ""
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return "\(scheme)://\(hostPart)\(portPart)\(path)"
    }
}
