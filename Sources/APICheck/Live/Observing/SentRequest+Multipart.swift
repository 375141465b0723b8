import Foundation

extension SentRequest {
    /// A multipart body as bytes (each a scalar U+0000–U+00FF), with each text part whose whole
    /// value is a secret's as its variable: a file part's bytes pass as they are.
    static func multipartPieces(_ data: Data, _ variables: [Variable]) -> [Piece] {
        var pieces: [Piece] = [.text(byteText(data))]
        for variable in variables {
            // A part's value sits between the blank line that ends its headers and the line
            // break before the next boundary.
            let value = byteText(Data(variable.value.utf8))
            let opening = "\r\n\r\n", closing = "\r\n--"
            pieces = pieces.flatMap { piece -> [Piece] in
                guard case let .text(text) = piece else { return [piece] }
                var out: [Piece] = [], rest = Substring(text)
                while let range = rest.range(of: opening + value + closing) {
                    let start = rest.index(range.lowerBound, offsetBy: opening.count)
                    let end = rest.index(range.upperBound, offsetBy: -closing.count)
                    out += [.text(String(rest[..<start])), .variable(variable.name)]
                    rest = rest[end...]
                }
                return out + [.text(String(rest))]
            }
        }
        return joined(pieces)
    }

    /// Bytes as a string of the scalars with the same values, so that any byte survives.
    static func byteText(_ data: Data) -> String {
        var text = String.UnicodeScalarView()
        for byte in data { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }
}
