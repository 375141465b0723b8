import APICheck
import HTTPServer

extension ServerRequest {
    /// The first header with this name, compared byte by byte without case: the hot path asks
    /// for several headers per request, and `caseInsensitiveCompare` goes through NSString.
    /// `name` is given in lower case.
    func field(_ name: String) -> String? {
        headers.first { Self.sameLowercased($0.name, name) }?.value
    }

    /// The value of the cookie `name` in the request's `Cookie` header, decoded as
    /// `RequestBuilder` encodes a declared cookie; nil when it holds none. The first `Cookie`
    /// header is read, as the token model reads the session cookie.
    func cookie(_ name: String) -> String? {
        field("cookie").flatMap { CookieHeader.value(of: name, in: $0) }.map(CookieHeader.decoded)
    }

    /// Every header with this name, in order (`Prefer` may come several times).
    func fields(_ name: String) -> [String] {
        headers.filter { Self.sameLowercased($0.name, name) }.map(\.value)
    }

    private static func sameLowercased(_ given: String, _ lowercased: String) -> Bool {
        guard given.utf8.count == lowercased.utf8.count else { return false }
        return zip(given.utf8, lowercased.utf8).allSatisfy { a, b in
            (a >= 65 && a <= 90 ? a | 0x20 : a) == b
        }
    }
}
