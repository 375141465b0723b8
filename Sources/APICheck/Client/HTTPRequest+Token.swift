import Foundation

extension HTTPRequest {
    /// The token this request carries where `placement` puts it: the query parameter, the header
    /// after its prefix, or the cookie. What the mock transport reads to answer a token it was
    /// told is dead.
    public func token(placedBy placement: AuthPolicy.Placement) -> String? {
        switch placement {
        case let .query(name):
            return URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.last { $0.name == name }?.value
        case let .header(name, prefix):
            guard let value = header(name) else { return nil }
            return value.hasPrefix(prefix) ? String(value.dropFirst(prefix.count)) : nil
        case let .cookie(name):
            for header in headers where header.name.caseInsensitiveCompare("Cookie") == .orderedSame {
                for pair in header.value.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name { return String(parts[1]) }
                }
            }
            return nil
        }
    }
}
