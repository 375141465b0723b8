/// What `import-har` made of a capture: each file's fate, and every entry it did not write, counted.
public struct HARImportResult: Sendable {
    /// Entries counted by a label (`GET /Api/ads/list`), in first-seen order.
    public struct Tally: Sendable, Equatable {
        public private(set) var counts: [(label: String, count: Int)] = []

        mutating func add(_ label: String) {
            if let index = counts.firstIndex(where: { $0.label == label }) { counts[index].count += 1 } else { counts.append((label, 1)) }
        }

        /// The same counts under new labels (secrets masked).
        func relabeled(_ transform: (String) -> String) -> Tally {
            var tally = Tally()
            tally.counts = counts.map { (transform($0.label), $0.count) }
            return tally
        }

        public var total: Int { counts.reduce(0) { $0 + $1.count } }
        public var isEmpty: Bool { counts.isEmpty }

        public static func == (lhs: Tally, rhs: Tally) -> Bool {
            lhs.counts.map(\.label) == rhs.counts.map(\.label) && lhs.counts.map(\.count) == rhs.counts.map(\.count)
        }
    }

    public var entries: Int
    public var files: [MockWriteResult] = []
    /// Entries skipped because their answer is not JSON (pages, scripts, images).
    public var nonJSON = 0
    /// Entries of declared endpoints whose capture holds no body: reported, never guessed.
    public var withoutBody = Tally()
    /// JSON entries for routes no endpoint declares.
    public var unmatched = Tally()
    /// Entries left out because they are not from `--base-url`'s origin.
    public var otherOrigins = 0
    /// Answers not written: a failure code no declared scenario carries, an answer that is no envelope.
    public var undeclared: [Finding] = []

    public init(entries: Int) {
        self.entries = entries
    }

    /// Violated when an answer was refused (it violates the contract), incomplete when a file
    /// could not be written, else holds: what the capture holds beyond the declarations is
    /// reported, not failed.
    public var verdict: Verdict {
        if files.contains(where: { $0.action == .refused }) { return .violated }
        if files.contains(where: { $0.action == .failed }) { return .incomplete }
        return .holds
    }

    /// The summary lines after the files.
    public var lines: [String] {
        var lines: [String] = []
        for finding in undeclared { lines.append("not written  \(finding.endpoint ?? "-"): \(finding.summaryLine)") }
        for (label, count) in withoutBody.counts { lines.append("no body      \(label)\(count > 1 ? " ×\(count)" : "") (the capture left it out)") }
        for (label, count) in unmatched.counts { lines.append("undeclared   \(label)\(count > 1 ? " ×\(count)" : "")") }
        var summary = "\(entries) entries: \(files.reduce(0) { $0 + $1.seen }) matched into \(files.count) files"
        if !undeclared.isEmpty { summary += ", \(undeclared.count) not written" }
        if !withoutBody.isEmpty { summary += ", \(withoutBody.total) without a body" }
        if !unmatched.isEmpty { summary += ", \(unmatched.total) for undeclared routes" }
        summary += ", \(nonJSON) not JSON skipped"
        if otherOrigins > 0 { summary += ", \(otherOrigins) from other origins" }
        lines.append(summary)
        return lines
    }
}
