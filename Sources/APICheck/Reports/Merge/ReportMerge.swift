import Foundation

/// The reports of a run's shards joined into the report of the whole run, as if one process had
/// run it: every shard's results in the order an unsharded run reports them, run findings that
/// several shards found once, the verdict derived again from all of it.
public enum ReportMerge {
    /// One report to merge and the name it is known by (its file), for messages.
    public struct Part: Sendable {
        public var name: String
        public var report: Report

        public init(name: String, report: Report) {
            self.name = name
            self.report = report
        }
    }

    /// Refuses reports of different commands, APIs, environments, runs or splits, a missing or
    /// duplicated shard, and plans that overlap. `api`, when it is the API the reports are of,
    /// gives the declaration order and which endpoint logs out (probes on it are listed after
    /// the others, as a run lists them); without it, endpoints come in the shards' plan order.
    public static func merge(_ parts: [Part], api: API?) throws(ReportMergeError) -> Report {
        guard let api, api.name == parts.first?.report.api else { return try merge(parts) }
        return try merge(
            parts, declared: api.endpoints.map(\.id),
            loggingOut: Set(api.endpoints.lazy.filter { $0.sessionEffect == .logsOut }.map(\.id)))
    }

    /// `declared` is the endpoint ids in declaration order and `loggingOut` those that log out,
    /// when the API is known.
    public static func merge(_ parts: [Part], declared: [String]? = nil, loggingOut: Set<String> = []) throws(ReportMergeError) -> Report {
        guard let first = parts.first else { throw ReportMergeError("no reports to merge") }
        try checkSameRun(parts)
        try checkShards(parts)
        let planned = try checkPlans(parts)

        var merged = first.report
        merged.shard = nil
        // Each job of a matrix may reach the same service at its own address (a sandbox or a
        // service container per job): the run id says they are one run, the targets are listed.
        var targets: [String] = []
        for part in parts where !targets.contains(part.report.target) { targets.append(part.report.target) }
        merged.target = targets.joined(separator: ", ")
        let start = parts.lazy.map(\.report.startedAt).min() ?? first.report.startedAt
        let end = parts.lazy.map { $0.report.startedAt.addingTimeInterval($0.report.duration) }.max() ?? start
        merged.startedAt = start
        merged.duration = end.timeIntervalSince(start)
        if parts.contains(where: { $0.report.concurrency != first.report.concurrency }) { merged.concurrency = nil }
        // The plans are each in declaration order, but joined shard after shard: their order
        // among shards is lost without the declarations.
        var position: [String: Int] = [:]
        for (index, id) in (declared ?? planned ?? []).enumerated() where position[id] == nil { position[id] = index }
        if declared != nil, let planned {
            merged.plan = planned.sorted { (position[$0] ?? Int.max, $0) < (position[$1] ?? Int.max, $1) }
        } else {
            merged.plan = planned
        }
        merged.results = orderedResults(parts, position: position, loggingOut: loggingOut)
        merged.runFindings = uniqueRunFindings(parts)
        return merged
    }

    private static func checkSameRun(_ parts: [Part]) throws(ReportMergeError) {
        let first = parts[0]
        for part in parts.dropFirst() {
            let report = part.report
            func differ(_ what: String, _ mine: String, _ theirs: String, hint: String = "") -> ReportMergeError {
                ReportMergeError("\(first.name) and \(part.name) are reports of different \(what) (\(mine) and \(theirs))\(hint)")
            }
            if report.command != first.report.command {
                throw differ("commands", first.report.command.rawValue, report.command.rawValue)
            }
            if report.api != first.report.api { throw differ("APIs", quoted(first.report.api), quoted(report.api)) }
            if report.environment != first.report.environment {
                throw differ("environments", quoted(first.report.environment), quoted(report.environment))
            }
            if report.runID != first.report.runID {
                throw differ(
                    "runs", "run id \(quoted(first.report.runID))", "run id \(quoted(report.runID))",
                    hint: ": give every shard of one run the same --run-id (or APICHECK_RUN_ID)")
            }
            if report.strict != first.report.strict {
                throw ReportMergeError("\(first.name) and \(part.name) disagree on --strict: every shard of a run needs the same options")
            }
        }
    }

    /// Every shard of one split, each once; or a single whole run.
    private static func checkShards(_ parts: [Part]) throws(ReportMergeError) {
        let whole = parts.filter { $0.report.shard == nil }
        if let run = whole.first {
            guard parts.count == 1 else {
                let other = parts.first { $0.name != run.name }?.name ?? run.name
                throw ReportMergeError("\(run.name) is the report of a whole run, not of a shard: it cannot be merged with \(other)")
            }
            return
        }
        let count = parts[0].report.shard!.count
        var byIndex: [Int: String] = [:]
        for part in parts {
            let shard = part.report.shard!
            guard shard.count == count else {
                throw ReportMergeError(
                    "\(parts[0].name) is shard \(parts[0].report.shard!) but \(part.name) is shard \(shard): "
                        + "the reports split the run in different ways")
            }
            if let earlier = byIndex[shard.index] {
                throw ReportMergeError("shard \(shard) is given twice: \(earlier) and \(part.name)")
            }
            byIndex[shard.index] = part.name
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\($0)/\(count)" }
            throw ReportMergeError(
                "shard\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")) "
                    + "\(names.count == 1 ? "is" : "are") missing: \(parts.count) of the \(count) shards' reports were given")
        }
    }

    /// The plans joined; an endpoint planned in two shards means they ran different declarations.
    private static func checkPlans(_ parts: [Part]) throws(ReportMergeError) -> [String]? {
        guard parts.allSatisfy({ $0.report.plan != nil }) else { return nil }
        var owner: [String: Int] = [:]
        var joined: [String] = []
        for (index, part) in parts.enumerated() {
            for id in part.report.plan! {
                if let earlier = owner[id] {
                    let other = parts[earlier]
                    throw ReportMergeError(
                        "endpoint \(quoted(id)) is in the plans of \(other.name) (shard \(shardName(other))) "
                            + "and \(part.name) (shard \(shardName(part))): the shards ran different declarations")
                }
                owner[id] = index
                joined.append(id)
            }
            for result in part.report.results where result.role == .endpoint && owner[result.endpoint] != index {
                throw ReportMergeError("\(part.name) reports endpoint \(quoted(result.endpoint)), which is not in its plan")
            }
        }
        return joined
    }

    private static func shardName(_ part: Part) -> String { part.report.shard.map(\.description) ?? "whole run" }

    /// Endpoints in declaration order, then probes as a run lists them (per endpoint the dead,
    /// missing and revoked token, the logout endpoint's last, then logged-out, the refresh flow's
    /// at the end), then paging checks, then error checks, in endpoint order.
    private static func orderedResults(_ parts: [Part], position: [String: Int], loggingOut: Set<String>) -> [CheckResult] {
        let unknown = position.count
        var results: [(key: (Int, Int, Int, Int), result: CheckResult)] = []
        results.reserveCapacity(parts.reduce(0) { $0 + $1.report.results.count })
        var sequence = 0
        for part in parts {
            for result in part.report.results {
                sequence += 1
                let at = position[result.endpoint] ?? unknown
                let key: (Int, Int, Int, Int)
                switch result.role {
                case .endpoint:
                    key = (0, at, 0, sequence)
                case .paging:
                    key = (5, at, 0, sequence)
                case .errorCheck:
                    key = (6, at, 0, sequence)
                case .probe:
                    let kind = result.probe.flatMap { AuthProbe.allCases.firstIndex(of: $0) } ?? AuthProbe.allCases.count
                    switch result.probe {
                    case .loggedOut?: key = (3, at, kind, sequence)
                    case .refresh?, .replacedToken?, .reusedRefreshToken?, .deadRefreshToken?: key = (4, 0, kind, sequence)
                    default: key = (loggingOut.contains(result.endpoint) ? 2 : 1, at, kind, sequence)
                    }
                }
                results.append((key, result))
            }
        }
        results.sort { $0.key < $1.key }
        return results.map(\.result)
    }

    /// Each shard reports what concerns the whole run (a login that failed, a session left
    /// open): the same finding from several shards is kept once.
    private static func uniqueRunFindings(_ parts: [Part]) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for part in parts {
            for finding in part.report.runFindings {
                let key = [
                    finding.kind.rawValue, finding.severity.rawValue, finding.category.rawValue, finding.endpoint ?? "\u{0}",
                    finding.path ?? "\u{0}", finding.expected ?? "\u{0}", finding.found ?? "\u{0}", finding.message,
                    finding.file ?? "\u{0}",
                ].joined(separator: "\u{1}")
                if seen.insert(key).inserted { findings.append(finding) }
            }
        }
        return findings
    }

    private static func quoted(_ text: String?) -> String { text.map { "'\($0)'" } ?? "none" }
}
