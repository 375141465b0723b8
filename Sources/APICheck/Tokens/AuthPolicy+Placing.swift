import Foundation

/// The one way a token is put into a request and read back out of one, for every placement:
/// `RequestBuilder` sends with it, and `serve`, the mock tier and `MockTransport` read with it, so
/// a request means the same token to all of them.
///
/// What a request means when it is not as declared:
/// - **A header without its declared prefix** (`Authorization: abc` where `Bearer ` is declared)
///   carries a credential the server never issued, answered as a dead token, never as a missing
///   one, even when `abc` is a token it issued: a server does not take `Authorization: KEY` for
///   `Token KEY`. Its token is the whole value behind `unschemed`, which no issued token has. The prefix is compared ignoring ASCII case, as HTTP
///   compares auth schemes (`bearer abc` is `Bearer abc`).
/// - **A repeated query parameter or cookie**: the first one counts, as most servers' parsers take it.
/// - **An empty value** (`?access_token=`, `Authorization: Bearer `) is no token: missing.
extension AuthPolicy.Placement {
    /// Adds `token` where this placement puts it: a query pair, or a header (`Cookie` for a
    /// session cookie, `Authorization: Basic …` for Basic credentials, already encoded).
    public func place(_ token: String, query: inout [(String, String)], headers: inout [(name: String, value: String)]) {
        switch self {
        case let .query(name): query.append((name, token))
        case let .header(name, prefix): headers.append((name, prefix + token))
        case let .cookie(name): CookieHeader.add(name, token, to: &headers)
        case .basic: headers.append(("Authorization", "Basic " + token))
        }
    }

    /// The token a request carries here; nil when it carries none. `header` answers the first
    /// value of a header by name (any case), `query` the first decoded value of a query parameter.
    public func token(header: (String) -> String?, query: (String) -> String?) -> String? {
        let found: String?
        switch self {
        case let .query(name):
            found = query(name)
        case let .header(name, prefix):
            found = header(name).map { Self.strip(prefix, from: $0) }
        case .basic:
            found = header("Authorization").map { Self.strip("Basic ", from: $0) }
        case let .cookie(name):
            found = header("Cookie").flatMap { CookieHeader.value(of: name, in: $0) }
        }
        guard let found, !found.isEmpty else { return nil }
        return found
    }

    /// The token an `HTTPRequest` carries here.
    public func token(in request: HTTPRequest) -> String? {
        token(
            header: { request.header($0) },
            query: { name in
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
            })
    }

    private static func starts(_ value: String, with prefix: String) -> Bool {
        value.utf8.count >= prefix.utf8.count
            && value.utf8.prefix(prefix.utf8.count).elementsEqual(prefix.utf8, by: { Self.lower($0) == Self.lower($1) })
    }

    /// What the token of a header without its declared scheme word starts with.
    public static let unschemed = "\u{1}unschemed:"

    private static func strip(_ prefix: String, from value: String) -> String {
        let value = value.trimmingCharacters(in: .whitespaces)
        if prefix.isEmpty { return value }
        guard Self.starts(value, with: prefix) else {
            // "Bearer" alone is the prefix without a token: none was sent.
            if value.caseInsensitiveCompare(prefix.trimmingCharacters(in: .whitespaces)) == .orderedSame { return "" }
            return value.isEmpty ? value : unschemed + value
        }
        return String(decoding: value.utf8.dropFirst(prefix.utf8.count), as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension AuthPolicy {
    /// HTTP Basic credentials as they travel: `base64(account:password)`.
    public static func basicCredentials(account: String, password: String) -> String {
        Data("\(account):\(password)".utf8).base64EncodedString()
    }

    /// The account and password in Basic credentials; nil when they do not decode.
    public static func basicParts(of credentials: String) -> (account: String, password: String)? {
        guard let data = Data(base64Encoded: credentials), let text = String(data: data, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// What a credential of this policy holds that a server may show on its own: the value; the
    /// part after a scheme word a user put into it (`Token KEY` in a header declared without a
    /// prefix: the server echoes `KEY`); Basic credentials' pair and password.
    public func secrets(of credential: String) -> [String] {
        if placement == .basic { return [credential] + Self.basicSecrets(of: credential) }
        guard let space = credential.firstIndex(of: " ") else { return [credential] }
        let rest = credential[space...].trimmingCharacters(in: .whitespaces)
        return rest.count >= 4 ? [credential, rest] : [credential]
    }

    /// What Basic credentials hold that a client may send, or a server show, on its own: the
    /// `account:password` pair they encode, and the password alone; none when they do not decode.
    public static func basicSecrets(of credentials: String) -> [String] {
        guard let (account, password) = basicParts(of: credentials) else { return [] }
        return [account + ":" + password, password]
    }
}
