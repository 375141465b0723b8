import Foundation

extension ProbeToken {
    /// A probe token for a JSON Web Token, when `real` is one (three base64url parts, the first a
    /// JSON object naming its `alg`): still a JWT, so that a server that parses tokens reads it and
    /// refuses it for its signature, as it would a forged one, not as text it cannot parse
    /// (some answer that with another status than a dead token's). The header is kept (the
    /// algorithm and key a server looks up; no secret); the claims are the probe's own (none of
    /// the real ones is shown) with an expiry far ahead, so the signature is what fails; the
    /// signature is random letters as long as the real one.
    static func shapedJWT(like real: String) -> String? {
        let parts = real.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isBase64URL) }),
            let header = decodedBase64URL(parts[0]),
            case let .object(fields)? = try? JSONParser.parse(header), fields.contains(where: { $0.key == "alg" })
        else { return nil }
        let claims = Data(#"{"sub":"apicheck-probe","exp":4102444800}"#.utf8)
        return "\(parts[0]).\(base64URL(claims)).\(letters(parts[2].utf8.count))"
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func decodedBase64URL(_ part: Substring) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
