/// Faults written on a command line (`apicheck sandbox --fault ...`), so that anyone can see what
/// apicheck reports for each kind of drift without writing a server.
extension SandboxFault {
    /// The forms `init(spec:)` accepts, for help texts.
    public static let specForms = [
        "rename:ROUTE:FROM:TO", "replace:ROUTE:KEY:JSON", "add:ROUTE:KEY:JSON", "remove:ROUTE:KEY",
        "code:ROUTE:CODE:MSG", "html:ROUTE:STATUS", "delay:ROUTE:MS", "truncate:ROUTE", "huge:ROUTE:BYTES",
        "dead-token-accepted", "no-revocation", "paging-overlap",
    ]

    /// The largest `huge:ROUTE:BYTES` (256 MiB): well past the live checker's 32 MiB cap on
    /// answers, and small enough that the sandbox can build it.
    public static let maxHugeBytes = 256 << 20
    /// The longest `delay:ROUTE:MS` (ten minutes).
    public static let maxDelayMilliseconds = 600_000

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
        // Sizes and times are checked here, not when serving: a fault the sandbox cannot honour
        // is a usage error of the command line, not a crash on the first request.
        func number(_ text: String, in range: ClosedRange<Int>? = nil, _ name: String = "", _ unit: String = "") throws(SpecError) -> Int {
            guard let value = Int(text) else { throw SpecError(description: "fault '\(spec)': '\(text)' is not a whole number") }
            if let range, !range.contains(value) {
                throw SpecError(description: "fault '\(spec)': \(name) must be from \(range.lowerBound) to \(range.upperBound)\(unit)")
            }
            return value
        }
        switch kind {
        case "rename": let f = try fields(3); self = .renameField(route: f[0], from: f[1], to: f[2])
        case "replace": let f = try fields(3); self = .replaceField(route: f[0], key: f[1], json: f[2])
        case "add": let f = try fields(3); self = .addField(route: f[0], key: f[1], json: f[2])
        case "remove": let f = try fields(2); self = .removeField(route: f[0], key: f[1])
        case "code": let f = try fields(3); self = .envelopeCode(route: f[0], code: try number(f[1]), msg: f[2])
        case "html": let f = try fields(2); self = .html(route: f[0], status: try number(f[1], in: 100...599, "STATUS"))
        case "delay":
            let f = try fields(2);
            self = .delay(route: f[0], milliseconds: try number(f[1], in: 0...Self.maxDelayMilliseconds, "MS", " (ten minutes)"))
        case "truncate": let f = try fields(1); self = .truncate(route: f[0])
        case "huge":
            let f = try fields(2); self = .hugeBody(route: f[0], bytes: try number(f[1], in: 0...Self.maxHugeBytes, "BYTES", " (256 MiB)"))
        case "dead-token-accepted" where spec == kind: self = .deadTokenAccepted
        case "no-revocation" where spec == kind: self = .noRevocation
        case "paging-overlap" where spec == kind: self = .pagingOverlap
        default:
            throw SpecError(description: "unknown fault '\(spec)' (forms: \(SandboxFault.specForms.joined(separator: ", ")))")
        }
    }
}
