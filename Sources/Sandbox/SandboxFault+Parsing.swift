/// Faults written on a command line (`apicheck sandbox --fault ...`), so that anyone can see what
/// apicheck reports for each kind of drift without writing a server.
extension SandboxFault {
    /// The forms `init(spec:)` accepts, for help texts.
    public static let specForms = [
        "rename:ROUTE:FROM:TO", "replace:ROUTE:KEY:JSON", "add:ROUTE:KEY:JSON", "remove:ROUTE:KEY",
        "code:ROUTE:CODE:MSG", "html:ROUTE:STATUS", "delay:ROUTE:MS", "truncate:ROUTE", "huge:ROUTE:BYTES",
        "dead-token-accepted", "no-revocation",
    ]

    public struct SpecError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses `kind:route:...`; the last field takes the rest of the text, so JSON and messages may
    /// hold colons. Example: `rename:statuses/home_timeline:screen_name:screenName`.
    public init(spec: String) throws(SpecError) {
        let kind = spec.prefix { $0 != ":" }
        func fields(_ count: Int) throws(SpecError) -> [String] {
            let parts = spec.split(separator: ":", maxSplits: count, omittingEmptySubsequences: false).dropFirst().map(String.init)
            guard parts.count == count, !parts.contains(where: \.isEmpty) else {
                let form = SandboxFault.specForms.first { $0.hasPrefix(kind + ":") } ?? String(kind)
                throw SpecError(description: "fault '\(spec)' should read \(form)")
            }
            return parts
        }
        func number(_ text: String) throws(SpecError) -> Int {
            guard let value = Int(text) else { throw SpecError(description: "fault '\(spec)': '\(text)' is not a whole number") }
            return value
        }
        switch kind {
        case "rename": let f = try fields(3); self = .renameField(route: f[0], from: f[1], to: f[2])
        case "replace": let f = try fields(3); self = .replaceField(route: f[0], key: f[1], json: f[2])
        case "add": let f = try fields(3); self = .addField(route: f[0], key: f[1], json: f[2])
        case "remove": let f = try fields(2); self = .removeField(route: f[0], key: f[1])
        case "code": let f = try fields(3); self = .envelopeCode(route: f[0], code: try number(f[1]), msg: f[2])
        case "html": let f = try fields(2); self = .html(route: f[0], status: try number(f[1]))
        case "delay": let f = try fields(2); self = .delay(route: f[0], milliseconds: try number(f[1]))
        case "truncate": let f = try fields(1); self = .truncate(route: f[0])
        case "huge": let f = try fields(2); self = .hugeBody(route: f[0], bytes: try number(f[1]))
        case "dead-token-accepted" where spec == kind: self = .deadTokenAccepted
        case "no-revocation" where spec == kind: self = .noRevocation
        default:
            throw SpecError(description: "unknown fault '\(spec)' (forms: \(SandboxFault.specForms.joined(separator: ", ")))")
        }
    }
}
