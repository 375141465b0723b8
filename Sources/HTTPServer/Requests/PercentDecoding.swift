/// `%XX` escapes decoded byte by byte, as libmicrohttpd's own unescaping did before the server
/// took the raw URL: a broken escape (`%zz`, a lone `%`) stays as sent, and bytes that are not
/// UTF-8 become U+FFFD rather than failing the request.
package enum PercentDecoding {
    package static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A query as sent, as libmicrohttpd reads one: pairs split on `&` (empty ones dropped), each
    /// at its first `=` (a bare `flag` has value ""), `+` read as a space, then decoded.
    package static func queryPairs(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { pair in
            let spaced = pair.replacingOccurrences(of: "+", with: " ")
            guard let equals = spaced.firstIndex(of: "=") else { return (decode(spaced), "") }
            return (decode(String(spaced[..<equals])), decode(String(spaced[spaced.index(after: equals)...])))
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
