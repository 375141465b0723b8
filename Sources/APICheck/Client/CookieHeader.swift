import Foundation

/// The request's `Cookie` header (RFC 6265, 5.4): its pairs `name=value` joined by `; ` in one
/// header, which a server reads as one list. The session cookie a login set and the cookies an
/// endpoint declares as parameters go into the same header: a second `Cookie` header is one many
/// servers never read.
package enum CookieHeader {
    /// Adds `name=value` to the `Cookie` header of `headers`, making it when there is none.
    package static func add(_ name: String, _ value: String, to headers: inout [(name: String, value: String)]) {
        let pair = name + "=" + value
        if let index = headers.firstIndex(where: { HeaderName.same($0.name, "Cookie") }) {
            headers[index].value += "; " + pair
        } else {
            headers.append(("Cookie", pair))
        }
    }

    /// The first cookie named `name` among a `Cookie` header's pairs, as it was sent; nil when
    /// there is none. A repeated cookie's first value counts, as most servers' parsers take it.
    package static func value(of name: String, in header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The `name=value` pair each `Set-Cookie` header of an answer sets, its attributes left
    /// out, in the order they came (a login's session cookie, a CSRF cookie).
    package static func pairs(setBy headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.compactMap { header in
            guard HeaderName.same(header.name, "Set-Cookie") else { return nil }
            let pair = header.value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            return (
                pair[..<equals].trimmingCharacters(in: .whitespaces),
                pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    /// A parameter's value as a cookie can carry it: a cookie's value is letters, digits and the
    /// punctuation RFC 6265 allows (no space, quote, comma, semicolon or backslash), so every
    /// other byte, and `%`, is percent-encoded, as most servers' cookie parsers decode it.
    package static func encoded(_ value: String) -> String {
        var text = ""
        for byte in value.utf8 {
            let allowed =
                byte == 0x21 || (0x23...0x2B).contains(byte) && byte != 0x25 || (0x2D...0x3A).contains(byte)
                || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
            if allowed {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return text
    }

    /// A cookie's value with its `%XX` triplets decoded; the value as it came when they do not
    /// make UTF-8 (a cookie some other client wrote, not percent-encoded).
    package static func decoded(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "%")) else { return value }
        return value.removingPercentEncoding ?? value
    }
}
