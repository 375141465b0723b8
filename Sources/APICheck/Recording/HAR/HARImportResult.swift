/// What `import-har` made of a capture: each file's fate, and every entry it did not write, counted.
public struct HARImportResult: Sendable {
    /// Entries counted by a label (`GET /Api/ads/list`), in first-seen order. The first
    /// `listedLabels` labels are listed; past them, entries are counted and so are their distinct
    /// labels, without keeping an order: a capture of a whole site must not list 100k routes.
    public struct Tally: Sendable, Equatable {
        public static let listedLabels = 50

        public private(set) var counts: [(label: String, count: Int)] = []
        private var positions: [String: Int] = [:]
        private var unlisted: Set<String> = []
        /// Entries whose label is past the listing cap.
        public private(set) var unlistedEntries = 0

        mutating func add(_ label: String) {
            if let position = positions[label] {
                counts[position].count += 1
            } else if counts.count < Self.listedLabels {
                positions[label] = counts.count
                counts.append((label, 1))
            } else {
                unlisted.insert(label)
                unlistedEntries += 1
            }
        }

        /// The same counts under new labels (secrets masked); labels that become one add up.
        func relabeled(_ transform: (String) -> String) -> Tally {
            var tally = Tally()
            for (label, count) in counts {
                let new = transform(label)
                if let position = tally.positions[new] {
                    tally.counts[position].count += count
                } else {
                    tally.positions[new] = tally.counts.count
                    tally.counts.append((new, count))
                }
            }
            tally.unlisted = unlisted
            tally.unlistedEntries = unlistedEntries
            return tally
        }

        /// Distinct labels past the listing cap.
        public var unlistedLabels: Int { unlisted.count }
        public var total: Int { counts.reduce(0) { $0 + $1.count } + unlistedEntries }
        public var isEmpty: Bool { counts.isEmpty }

        public static func == (lhs: Tally, rhs: Tally) -> Bool {
            lhs.counts.map(\.label) == rhs.counts.map(\.label) && lhs.counts.map(\.count) == rhs.counts.map(\.count)
                && lhs.unlistedLabels == rhs.unlistedLabels && lhs.unlistedEntries == rhs.unlistedEntries
        }

        /// `… and 99950 more routes (100000 entries)` after the listed labels; nil when all are listed.
        func moreLine(_ noun: String) -> String? {
            unlistedEntries == 0 ? nil : "… and \(unlistedLabels) more \(noun) (\(unlistedEntries) entries)"
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
    /// Entries that could not be read (not JSON, nested too deep, no request or response), by why.
    public var unreadable = Tally()
    /// Entries left out because they are not from `--base-url`'s origin.
    public var otherOrigins = 0
    /// Answers not written: a failure code no declared scenario carries, an answer that is no
    /// envelope. The first `Tally.listedLabels` are kept; the rest are counted.
    public var undeclared: [Finding] = []
    public var undeclaredUnlisted = 0

    mutating func addUndeclared(_ finding: Finding) {
        if undeclared.count < Tally.listedLabels { undeclared.append(finding) } else { undeclaredUnlisted += 1 }
    }

    public init(entries: Int) {
        self.entries = entries
    }

    /// Violated when an answer was refused (it violates the contract), incomplete when a file
    /// could not be written, else holds: what the capture holds beyond the declarations is
    /// reported, not failed.
    public var verdict: Verdict {
        Verdict(violated: files.contains(where: { $0.action == .refused }), incomplete: files.contains(where: { $0.action == .failed }))
    }

    /// The summary lines after the files.
    public var lines: [String] {
        var lines: [String] = []
        for finding in undeclared { lines.append("not written  \(finding.endpoint ?? "-"): \(finding.summaryLine)") }
        if undeclaredUnlisted > 0 { lines.append("not written  … and \(undeclaredUnlisted) more answers") }
        for (label, count) in withoutBody.counts {
            lines.append("no body      \(label)\(count > 1 ? " ×\(count)" : "") (the capture left it out)")
        }
        if let more = withoutBody.moreLine("endpoints") { lines.append("no body      \(more)") }
        for (label, count) in unmatched.counts { lines.append("undeclared   \(label)\(count > 1 ? " ×\(count)" : "")") }
        if let more = unmatched.moreLine("routes") { lines.append("undeclared   \(more)") }
        for (label, count) in unreadable.counts { lines.append("unreadable   entry \(label)\(count > 1 ? " ×\(count)" : "")") }
        var summary = "\(entries) entries: \(files.reduce(0) { $0 + $1.seen }) matched into \(files.count) files"
        if !undeclared.isEmpty { summary += ", \(undeclared.count + undeclaredUnlisted) not written" }
        if !withoutBody.isEmpty { summary += ", \(withoutBody.total) without a body" }
        if !unmatched.isEmpty { summary += ", \(unmatched.total) for undeclared routes" }
        summary += ", \(nonJSON) not JSON skipped"
        if !unreadable.isEmpty { summary += ", \(unreadable.total) unreadable" }
        if otherOrigins > 0 { summary += ", \(otherOrigins) from other origins" }
        lines.append(summary)
        return lines
    }
}
