extension SentRequest {
    /// The URL before its query, with each path value that is a variable's as that variable: a
    /// whole segment (`token/{token}`), or whole segments for a `{+name}` value, found as the
    /// value is. A value the request had to encode (a space, a `/` in one segment) is not found
    /// so: written into the command as it is, it would send another path, and curl encodes no
    /// part of a path; it stays as sent, a secret masked.
    static func pathPieces(_ text: Substring, _ variables: [Variable]) -> [Piece] {
        // The host is never a variable's: the path starts at the first `/` after the authority.
        guard let scheme = text.range(of: "://"), let root = text[scheme.upperBound...].firstIndex(of: "/") else {
            return [.text(String(text))]
        }
        // The longest first: a value that begins with another's takes its whole segments.
        let candidates = variables.sorted {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.location == .path && $1.location != .path
        }
        var pieces: [Piece] = []
        var literalStart = text.startIndex
        var cursor = root
        while let slash = text[cursor...].firstIndex(of: "/") {
            let segment = text.index(after: slash)
            let tail = text[segment...]
            let match = candidates.first { variable in
                tail.hasPrefix(variable.value) && (tail.dropFirst(variable.value.count).first ?? "/") == "/"
            }
            guard let match else {
                cursor = segment
                continue
            }
            pieces += [.text(String(text[literalStart..<segment])), .variable(match.name)]
            literalStart = text.index(segment, offsetBy: match.value.count)
            cursor = literalStart
        }
        pieces.append(.text(String(text[literalStart...])))
        return joined(pieces)
    }
}
