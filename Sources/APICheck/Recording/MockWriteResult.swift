/// What became of one mock file: created, updated (with its shape changes), unchanged, or refused
/// (with the findings that refused it).
public struct MockWriteResult: Sendable, Equatable {
    public enum Action: String, Sendable, Equatable {
        case created, updated, unchanged, refused
        /// The file could not be written (disk full, no permission).
        case failed
    }

    public var endpoint: String
    /// The file name (`home_timeline@expired.json`) and its full path.
    public var file: String
    public var path: String
    public var action: Action
    /// The file this one replaces when the name changed (a status now pinned, or no longer).
    public var replaces: String?
    /// Structure changes against the file it replaces: paths added, removed, changed.
    public var changes: [ShapeChange]
    /// The same changes as `live` reports them against the replaced success mock: severity, kind
    /// and JSONPath, weighed by what the endpoint's type reads (`import-har` only).
    public var drift: [Finding] = []
    /// Why it was refused, or what was wrong with it when written anyway (`--force`).
    public var findings: [Finding]
    /// Written although the answer violates the contract.
    public var forced: Bool
    /// Answers seen for this file (HAR imports: the latest wins).
    public var seen: Int
    /// Whether the answer written is its list's first page, preferred to later pages
    /// (`MockCandidate.firstPage`); nil for an answer that is no page of a list.
    public var firstPage: Bool?

    public init(
        endpoint: String, file: String, path: String, action: Action, replaces: String? = nil,
        changes: [ShapeChange] = [], findings: [Finding] = [], forced: Bool = false, seen: Int = 1
    ) {
        self.endpoint = endpoint
        self.file = file
        self.path = path
        self.action = action
        self.replaces = replaces
        self.changes = changes
        self.findings = findings
        self.forced = forced
        self.seen = seen
    }

    /// The file's lines as `record` and `import-har` print them:
    /// `updated    home_timeline.json` then one indented line per change and finding.
    public var lines: [String] {
        var head = action.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + file
        if let replaces { head += " (replaces \(replaces))" }
        if seen > 1 {
            switch firstPage {
            case true?: head += " (latest first page of \(seen) answers)"
            case false?: head += " (latest of \(seen) answers, none a first page)"
            case nil: head += " (latest of \(seen) answers)"
            }
        }
        if forced { head += " (written with --force)" }
        var lines = [head]
        for change in changes {
            switch change.kind {
            case .added: lines.append("    + \(change.path)  \(change.found)")
            // A member gone from some items only is still there: it became optional, not removed.
            case .removed where change.partly: lines.append("    ~ \(change.path)  \(change.expected) -> absent in some objects")
            case .removed: lines.append("    - \(change.path)  \(change.expected)")
            case .typeChanged, .becameNull: lines.append("    ~ \(change.path)  \(change.expected) -> \(change.found)")
            }
        }
        for finding in drift + findings {
            lines.append("    \(finding.severity.rawValue) \(finding.kind.rawValue) \(finding.summaryLine)")
        }
        return lines
    }
}
