/// What a `String` parameter's text must look like beyond being text, where an OpenAPI `format`
/// names a form that can be told exactly (`.path("id", .string).formatted(.uuid)`): `serve` and
/// `proxy` find a value in another form as they find one of another type, and `apicheck openapi`
/// writes it as the schema's `format`. Forms servers read loosely (`date-time`, which some take as
/// a bare date or a Unix time) are not declared: a check stricter than the server would find fault
/// with requests it answers.
public enum TextFormat: String, Sendable, Equatable, CaseIterable {
    /// RFC 9562's text form: 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12 joined by
    /// hyphens, in either case (`1e30d217-6a0c-4a5e-9f3b-2c6d1b2a9e01`).
    case uuid

    /// Whether `text` is in this form.
    public func matches(_ text: String) -> Bool {
        switch self {
        case .uuid:
            let utf8 = Array(text.utf8)
            guard utf8.count == 36 else { return false }
            for (index, byte) in utf8.enumerated() {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else if !Self.isHexDigit(byte) {
                    return false
                }
            }
            return true
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
