/// One thing a check found: what kind, how bad, where (endpoint, JSONPath, file), what was
/// expected and what came.
public struct Finding: Sendable, Equatable {
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        case error, warning, info

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Contract violations (the server or the mocks broke the contract) are kept apart from harness
    /// problems (the check itself could not run): JUnit `<failure>` vs `<error>`, exit 1 vs 3.
    public enum Category: String, Sendable {
        case contract, harness
    }

    public var kind: FindingKind
    public var severity: Severity
    public var category: Category
    /// The endpoint the finding is about; nil for the run as a whole (the target, the mocks folder).
    public var endpoint: String?
    public var path: String?
    public var expected: String?
    public var found: String?
    public var message: String
    /// The mock file involved, when there is one.
    public var file: String?

    public init(
        kind: FindingKind, severity: Severity, category: Category = .contract, endpoint: String?,
        path: JSONPath? = nil, expected: String? = nil, found: String? = nil, message: String, file: String? = nil
    ) {
        self.kind = kind
        self.severity = severity
        self.category = category
        self.endpoint = endpoint
        self.path = path?.description
        self.expected = expected
        self.found = found
        self.message = message
        self.file = file
    }

    /// Server-supplied text is shown to this many characters: a 30 MB message must not become a
    /// 30 MB report. The redactor cuts it there, after masking (`Redactor.redact(_: Finding)`): a
    /// secret cut in half would be neither a known value nor a whole field, and half of it would show.
    public static let messageLimit = 2000
    /// What a finding keeps of a server's text before the redactor has seen it: far more than is
    /// shown, so that this cut never falls inside what is shown.
    static let keptLimit = 64 * 1024

    static func capped(_ text: String, at limit: Int = messageLimit) -> String {
        guard text.count > limit else { return text }
        // A count from an earlier cut is kept: it is the size of what the server sent.
        if let total = text.range(of: #"… \(([0-9]+) characters\)$"#, options: .regularExpression) {
            return String(text.prefix(limit)) + text[total]
        }
        return String(text.prefix(limit)) + "… (\(text.count) characters)"
    }

    /// The finding an API error becomes.
    public init(_ error: APIError, file: String? = nil) {
        var path: JSONPath?, expected: String?, found: String?
        var category = Category.contract
        switch error.reason {
        case let .decoding(failure), let .envelopeMalformed(failure):
            path = failure.path
            expected = failure.expected
            found = failure.found
        case let .transport(transport):
            // Could not connect at all: the harness could not check. A timeout, a cut or oversized
            // body: the server answered badly, which is the contract's business.
            category = transport.isUnreachable ? .harness : .contract
        case .invalidRequest:
            category = .harness
        default:
            break
        }
        self.init(
            kind: error.reason.kind, severity: .error, category: category, endpoint: error.endpoint,
            path: path, expected: expected, found: found, message: Self.capped(error.reason.message, at: Self.keptLimit), file: file)
    }
}
