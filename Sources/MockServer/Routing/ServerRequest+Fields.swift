import APICheck
import HTTPServer

extension ServerRequest {
    /// The first header with this name, compared byte by byte without case: the hot path asks
    /// for several headers per request, and `caseInsensitiveCompare` goes through NSString.
    /// `name` is given in lower case.
    func field(_ name: String) -> String? {
        headers.first { Self.sameLowercased($0.name, name) }?.value
    }

    /// The value of the cookie `name` among the request's `Cookie` headers' pairs, decoded as
    /// `RequestBuilder` encodes a declared cookie; nil when none holds it.
    func cookie(_ name: String) -> String? {
        for header in fields("cookie") {
            if let value = CookieHeader.value(of: name, in: header) { return CookieHeader.decoded(value) }
        }
        return nil
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
