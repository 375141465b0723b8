import Foundation

/// What a results history knew, before this run, of the endpoints and findings in its report: the
/// HTML report shows it beside each endpoint (a sparkline of its recent verdicts) and each
/// finding (when it first appeared). Read from the store by whoever renders; the core links no
/// database.
public struct ReportHistory: Sendable, Equatable {
    /// A finding as the store recognises it in another run: where, what kind, what path.
    public struct FindingKey: Sendable, Hashable {
        /// The result's name (`statuses.homeTimeline`, `probe token-expired feed.list`), or `-` for
        /// a finding about the whole run.
        public var name: String
        public var kind: String
        public var path: String?

        public init(name: String, kind: String, path: String?) {
            self.name = name
            self.kind = kind
            self.path = path
        }
    }

    /// The first stored run that had a finding.
    public struct FirstSeen: Sendable, Equatable {
        public var at: Date
        public var commit: String?

        public init(at: Date, commit: String?) {
            self.at = at
            self.commit = commit
        }
    }

    /// How many of the newest stored runs `verdicts` covers.
    public var runs: Int
    /// Per result name, its status (`ok`, `warn`, `FAIL`, `skip`) in each of those runs that
    /// checked it, oldest first.
    public var verdicts: [String: [String]]
    /// Per finding of this run that an earlier run had too, the first run that had it; a finding
    /// not here is new in this run.
    public var firstSeen: [FindingKey: FirstSeen]

    public init(runs: Int, verdicts: [String: [String]], firstSeen: [FindingKey: FirstSeen]) {
        self.runs = runs
        self.verdicts = verdicts
        self.firstSeen = firstSeen
    }
}
