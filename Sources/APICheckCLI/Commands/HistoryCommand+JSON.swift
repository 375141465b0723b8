import APICheck
import Foundation
import HistoryStore

extension HistoryCommand {
    /// Schema of `history --json`, documented in docs/history.md.
    static let schema = "apicheck-history/1"

    /// The answer as one JSON document: `schema`, `query`, `api` (nil when the rows are of
    /// several APIs), `last` and `rows`, each row naming its API; times ISO 8601 UTC, durations
    /// in milliseconds.
    func json(_ store: HistoryStore, apis: [String]) throws -> String {
        let documentAPI = query == .prune ? apiName : apis.count == 1 ? apis.first : nil
        var fields: [(key: String, value: JSONValue)] = [
            ("schema", .string(Self.schema)), ("query", .string(query.rawValue)), ("api", Self.optional(documentAPI)),
        ]
        if [.runs, .flaky, .passRate, .latency].contains(query) { fields.append(("last", Self.number(lastRuns))) }
        let rows: [JSONValue]
        if query == .prune {
            let (removed, cutoff, runs, size) = try prune(store)
            rows = [
                .object([
                    ("api", Self.optional(apiName)), ("removedRuns", Self.number(removed)), ("cutoff", Self.timestamp(cutoff)),
                    ("keptRuns", Self.number(runs)), ("storeBytes", Self.number(size)),
                ])
            ]
        } else {
            rows = try apis.flatMap { api in
                try self.rows(store, api: api).map { row in
                    guard case let .object(pairs) = row else { return row }
                    return .object([("api", .string(api))] + pairs)
                }
            }
        }
        fields.append(("rows", .array(rows)))
        return JSONValue.object(fields).prettyText
    }

    /// The rows of one API's answer, without their API.
    private func rows(_ store: HistoryStore, api: String) throws -> [JSONValue] {
        switch query {
        case .runs:
            return try store.runs(last: lastRuns, api: api).map { run in
                .object([
                    ("runId", .string(run.runID)), ("reportRunId", Self.optional(run.reportRunID)),
                    ("startedAt", Self.timestamp(run.startedAt)),
                    ("durationSeconds", Self.number(run.duration)), ("command", .string(run.command)),
                    ("apiHash", .string(run.apiHash)), ("commit", Self.optional(run.commit)),
                    ("environment", Self.optional(run.environment)), ("baseURL", .string(run.baseURL)),
                    ("shard", Self.optional(run.shard)), ("verdict", .string(run.verdict)),
                    ("endpoints", Self.number(run.endpoints)), ("endpointsPassed", Self.number(run.endpointsPassed)),
                    ("errors", Self.number(run.errors)), ("warnings", Self.number(run.warnings)),
                ])
            }
        case .flaky, .passRate:
            let verdicts = query == .flaky ? try store.flaky(last: lastRuns, api: api) : try store.verdicts(last: lastRuns, api: api)
            return verdicts.map { verdict in
                .object([
                    ("name", .string(verdict.name)), ("checked", Self.number(verdict.checked)),
                    ("passed", Self.number(verdict.passed)), ("failed", Self.number(verdict.failed)),
                    ("passRate", verdict.passRate.map(Self.number) ?? .null), ("flips", Self.number(verdict.flips)),
                    ("statuses", .array(verdict.statuses.map(JSONValue.string))),
                ])
            }
        case .firstSeen:
            return try store.firstSeen(api: api).map { seen in
                .object([
                    ("name", .string(seen.name)), ("kind", .string(seen.kind)), ("severity", .string(seen.severity)),
                    ("path", Self.optional(seen.path)), ("firstRunId", .string(seen.firstRunID)),
                    ("firstSeenAt", Self.timestamp(seen.firstSeenAt)), ("firstCommit", Self.optional(seen.firstCommit)),
                ])
            }
        case .latency:
            return try store.latency(last: lastRuns, api: api).map { latency in
                .object([
                    ("name", .string(latency.name)), ("samples", Self.number(latency.samples)),
                    ("p50Ms", Self.number(latency.p50)), ("p95Ms", Self.number(latency.p95)), ("maxMs", Self.number(latency.max)),
                    ("previousP50Ms", latency.previousP50.map(Self.number) ?? .null),
                    ("previousP95Ms", latency.previousP95.map(Self.number) ?? .null),
                ])
            }
        case .mockAge:
            let now = Date()
            return try store.mockAges(api: api).map { age in
                .object([
                    ("mock", .string(age.mock)), ("ageSeconds", Self.number(age.age(at: now).rounded())),
                    ("lastMatchedAt", age.lastMatchedAt.map(Self.timestamp) ?? .null),
                    ("lastMatchedRunId", Self.optional(age.lastMatchedRunID)),
                    ("lastMatchedCommit", Self.optional(age.lastMatchedCommit)),
                    ("firstComparedAt", Self.timestamp(age.firstComparedAt)),
                    ("lastComparedAt", Self.timestamp(age.lastComparedAt)),
                ])
            }
        case .prune:
            return []
        }
    }

    static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return .number(text)
    }

    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    static func timestamp(_ date: Date) -> JSONValue {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return .string(formatter.string(from: date))
    }
}
