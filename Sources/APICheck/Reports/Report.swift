import Foundation

/// The result of one run: every endpoint's and probe's result with its findings and timings. The
/// text, JSON, JUnit and GitHub renderers are functions of this one model.
/// (Serialised by `JSONReport`, schema `apicheck-report/1`: the one JSON form of a report.)
public struct Report: Sendable, Equatable {
    /// The command whose run this is: a closed set, each with what its reports show.
    public enum Command: String, Sendable, CaseIterable {
        case live, mocks, record, proxy

        /// Whether the run called a server: then reports show times and durations.
        public var callsServer: Bool { self != .mocks }
    }

    public var command: Command
    public var api: String
    /// The base URL checked, or the mocks folder audited.
    public var target: String
    public var startedAt: Date
    /// Seconds for the whole run.
    public var duration: Double
    public var concurrency: Int?
    /// The part of a run split across machines this report covers; nil for a whole run.
    public var shard: Shard?
    /// Names the run a report belongs to, the same in every shard of it: what `merge` checks
    /// before joining shards' reports. Nil when the run gave none (a library call).
    public var runID: String?
    /// The environment named in the API catalog (`--env staging`) the run checked; nil when the
    /// target was given as a URL.
    public var environment: String?
    /// The ids of the endpoints the run was given to check, in declaration order: a shard's part
    /// of the catalog (what `merge` checks the shards against). Nil when not known.
    public var plan: [String]?
    public var strict: Bool
    public var results: [CheckResult]
    /// Problems not tied to one endpoint (the target is down, login failed).
    public var runFindings: [Finding]

    public init(
        command: Command, api: String, target: String, startedAt: Date = Date(), duration: Double = 0,
        concurrency: Int? = nil, strict: Bool = false, results: [CheckResult] = [], runFindings: [Finding] = []
    ) {
        self.command = command
        self.api = api
        self.target = target
        self.startedAt = startedAt
        self.duration = duration
        self.concurrency = concurrency
        self.strict = strict
        self.results = results
        self.runFindings = runFindings
    }

    public var allFindings: [Finding] { runFindings + results.flatMap(\.findings) }

    public func count(_ severity: Finding.Severity) -> Int {
        runFindings.count { $0.severity == severity } + results.reduce(0) { $0 + $1.findings.count { $0.severity == severity } }
    }

    public var endpointResults: [CheckResult] { results.filter { $0.role == .endpoint } }
    public var probeResults: [CheckResult] { results.filter { $0.role == .probe } }
    public var pagingResults: [CheckResult] { results.filter { $0.role == .paging } }
    public var errorCheckResults: [CheckResult] { results.filter { $0.role == .errorCheck } }

    /// True when the target could not be reached at all: every finding that matters is a harness
    /// one about reaching it. Drives exit code 3.
    public var targetUnreachable: Bool {
        runFindings.contains { $0.kind == .unreachable }
    }

    /// Unreachable; violated (contract errors, or warnings under strict); incomplete when the run
    /// itself was misconfigured (refused credentials, a sample that cannot be made, bad
    /// declarations) or left something unchecked it was not asked to leave, and no contract
    /// error was found; else holds.
    public var verdict: Verdict {
        let errors = allFindings.filter { $0.severity == .error }
        // Something could not be checked (its reason is on the result): the run did not do its job.
        // What the run was asked not to check (`--reads-only`'s reads that need a write) is no gap.
        let incomplete = !errors.isEmpty || results.contains(where: { $0.skipped.map { !$0.isChosen } ?? false })
        // Strict warnings violate only a run that did its job; a harness error is told first.
        let violated = errors.contains(where: { $0.category == .contract }) || (strict && count(.warning) > 0 && !incomplete)
        return Verdict(unreachable: targetUnreachable, violated: violated, incomplete: incomplete)
    }
}
