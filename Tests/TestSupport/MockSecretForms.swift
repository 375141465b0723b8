import Foundation

/// The forms a server may echo a secret in that a mock writer must not let through: each one a
/// plain replacement of the raw value misses. Written independently of `DecodedText` and of the
/// writer's proof, so that the proof is not checked with its own decoder.
public enum MockSecretForms {
    /// A token and a password with characters every encoding changes (`.` `/` `+` `=` `@` `_`,
    /// a space, `&`, non-ASCII letters), so that no form below equals the raw value.
    public static let token = "7.00Tk/xQ+z=aB@c9_dEf"
    public static let password = "pa ss@wörd/Ünï&çe!"

    /// Every form of `secret`, named.
    public static func forms(of secret: String) -> [(name: String, text: String)] {
        let percent = { (text: String, upper: Bool) in SecretEncodings.percent(text, upper: upper, plusForSpace: false) }
        let inJSON = #"{"session":{"token":"\#(SecretEncodings.json(secret, slash: true, all: false, upper: false))","n":1}}"#
        let base64 = Data(inJSON.utf8).base64EncodedString()
        let urlSafe = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .trimmingCharacters(in: ["="])
        let hex = secret.utf8.map { String(format: "%02x", $0) }.joined()
        let utf16BE = secret.utf16.map { String(format: "%04x", $0) }.joined()
        let utf16LE = secret.utf16.map { String(format: "%02x%02x", $0 & 0xFF, $0 >> 8) }.joined()
        let threeLayers = [1, 2, 3].reduce("token=" + secret) { text, _ in Data(text.utf8).base64EncodedString() }
        let half = secret.index(secret.startIndex, offsetBy: secret.count / 2)
        var forms: [(name: String, text: String)] = [
            ("percent lower case", "see " + percent(secret, false)),
            ("percent twice", "see " + percent(percent(secret, true), false)),
            ("form (+ and %40)", "q=" + SecretEncodings.percent(secret, upper: true, plusForSpace: true)),
            ("html named", "<b>" + htmlNamed(secret) + "</b>"),
            ("html decimal", SecretEncodings.xml(secret, hex: false)),
            ("html hex", SecretEncodings.xml(secret, hex: true)),
            ("base64 json", base64),
            ("base64url json", urlSafe),
            ("glued base64", "id:x" + base64),
            ("upper case", "KEY " + secret.uppercased()),
            ("hex", hex),
            ("HEX", hex.uppercased()),
            ("utf-16 hex, big-endian", "u16:" + utf16BE),
            ("utf-16 hex, little-endian", utf16LE.uppercased()),
            ("base64 three layers", threeLayers),
            ("base32", "b32 " + base32(Array(("k=" + secret).utf8))),
            ("base32 lower case", base32(Array(secret.utf8)).lowercased()),
            ("rot13", "r: " + rot13(secret)),
            // Two halves in the bio and the note, side by side in the profile object.
            ("split in two", String(secret[..<half]) + "\u{0}" + String(secret[half...])),
        ]
        if let compressed = gzipBase64[secret] { forms.append(("gzip+base64", compressed)) }
        if let compressed = zlibBase64[secret] { forms.append(("zlib+base64", compressed)) }
        return forms
    }

    /// `secret=<secret>` compressed by gzip (mtime 0) and by zlib's `compress`, as base64, for the
    /// two secrets above: made with Python's gzip and zlib modules, not with the proof's own code.
    public static let gzipBase64 = [
        token: "H4sIAAAAAAACAytOTS5KLbE11zMwCMnWrwjUrrJNdHJItoxPcU0DAFTfrmwcAAAA",
        password: "H4sIAAAAAAACAytOTS5KLbEtSFQoLnYoP7ytKEX/8Jy8w+vVDi9PVQQAcLjfaB0AAAA=",
    ]
    public static let zlibBase64 = [
        token: "eJwrTk0uSi2xNdczMAjJ1q8I1K6yTXRySLaMT3FNAwCGSgkP",
        password: "eJwrTk0uSi2xLUhUKC52KD+8rShF//CcvMPr1Q4vT1UEALtUDSU=",
    ]

    /// RFC 4648 base32, upper case, without padding.
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var text = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                text.append(alphabet[(buffer >> bits) & 31])
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return text
    }

    static func rot13(_ text: String) -> String {
        String(
            text.map { character -> Character in
                guard let ascii = character.asciiValue, character.isLetter else { return character }
                let base: UInt8 = character.isUppercase ? 65 : 97
                return Character(Unicode.Scalar((ascii - base + 13) % 26 + base))
            })
    }

    /// Each character HTML names spelled by its name (`&commat;`, `&sol;`, `&ouml;`), the others kept.
    public static func htmlNamed(_ text: String) -> String {
        let names: [Character: String] = [
            "@": "commat", "/": "sol", ".": "period", "+": "plus", "=": "equals", "&": "amp", "_": "lowbar", "!": "excl",
            "ö": "ouml", "Ü": "Uuml", "ï": "iuml", "ç": "ccedil", " ": "#32", "\"": "quot",
        ]
        return text.map { character in names[character].map { "&\($0);" } ?? String(character) }.joined()
    }

    /// A JSON string literal holding `text`.
    public static func literal(_ text: String) -> String {
        "\"" + SecretEncodings.json(text, slash: false, all: false, upper: false) + "\""
    }
}
