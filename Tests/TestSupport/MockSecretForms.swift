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
        return [
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
        ]
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
