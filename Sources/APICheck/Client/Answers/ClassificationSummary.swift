/// What a `CheckResult` keeps of its answer's `Classification`: which case it was, and a
/// failure's code, without the payload or the message. Reports write its `name` as `outcome`
/// (`success`, `failure(10002)`, `logout`, `tokenExpired`, `not-json`), and a report read back
/// gives the same value again.
public enum ClassificationSummary: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    case success
    case failure(code: EnvelopeCode)
    /// The server forced a logout (`Classification.forcedLogout`); its name is `logout`.
    case forcedLogout
    case tokenExpired
    /// No usable answer, of this kind (`not-json`, `http-status`, `envelope`, ...).
    case broken(FindingKind)
    /// A text that names no single classification: `proxy`'s tally of an endpoint's answers, or an
    /// outcome a JSON report holds that this version does not know.
    case text(String)

    public init(_ classification: Classification) {
        switch classification {
        case .success: self = .success
        case let .failure(code, _): self = .failure(code: code)
        case .forcedLogout: self = .forcedLogout
        case .tokenExpired: self = .tokenExpired
        case let .broken(reason): self = .broken(reason.kind)
        }
    }

    /// The summary a name stands for, as a JSON report's `outcome` holds it; `.text(name)` when the
    /// name is none of the others', so that `ClassificationSummary(name: n).name == n` always.
    public init(name: String) {
        let read = Self.parse(name)
        self = read.name == name ? read : .text(name)
    }

    public init(stringLiteral name: String) { self.init(name: name) }

    /// The short name reports print, the same as `Classification.name`.
    public var name: String {
        switch self {
        case .success: "success"
        case let .failure(code): "failure(\(code))"
        case .forcedLogout: "logout"
        case .tokenExpired: "tokenExpired"
        case let .broken(kind): kind.rawValue
        case let .text(text): text
        }
    }

    public var description: String { name }

    private static func parse(_ name: String) -> ClassificationSummary {
        switch name {
        case "success": return .success
        case "logout": return .forcedLogout
        case "tokenExpired": return .tokenExpired
        default: break
        }
        if name.hasPrefix("failure("), name.hasSuffix(")") {
            let code = name.dropFirst("failure(".count).dropLast()
            if let int = Int(code) { return .failure(code: .int(int)) }
            if let flag = Bool(String(code)) { return .failure(code: .bool(flag)) }
            if code.count >= 2, code.hasPrefix("\""), code.hasSuffix("\"") {
                return .failure(code: .string(String(code.dropFirst().dropLast())))
            }
        }
        return FindingKind(rawValue: name).map(ClassificationSummary.broken) ?? .text(name)
    }
}
