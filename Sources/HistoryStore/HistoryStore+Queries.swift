import Foundation

// One store serves many services: each query reads one API's runs (`runs.api`, the API's declared
// name), by `runs_api_started_at`, so two services' endpoints of one name never mix.
extension HistoryStore {
    /// The APIs the store holds runs or mocks of, by name.
    public func apis() throws -> [String] {
        let names = try connection.query("SELECT DISTINCT api FROM runs UNION SELECT DISTINCT api FROM mocks") { $0.text(0) }
        return Set(names).sorted()
    }

    /// The last `count` runs of `api` (of every API when nil), newest first.
    public func runs(last count: Int, api: String?) throws -> [RunSummary] {
        let only = api == nil ? "" : "WHERE api = ?"
        return try connection.query(
            """
            SELECT run_id, started_at, duration, command, api_hash, commit_sha, environment, base_url, shard, verdict,
                   endpoints, endpoints_passed, errors, warnings, report_run_id, api
            FROM runs \(only) ORDER BY started_at DESC, id DESC LIMIT ?
            """, (api.map { [.text($0)] } ?? []) + [.integer(Int64(count))]
        ) { row in
            RunSummary(
                runID: row.text(0), reportRunID: row.optionalText(14), api: row.text(15),
                startedAt: Date(timeIntervalSince1970: row.double(1)),
                duration: row.double(2),
                command: row.text(3), apiHash: row.text(4), commit: row.optionalText(5), environment: row.optionalText(6),
                baseURL: row.text(7), shard: row.optionalText(8), verdict: row.text(9), endpoints: row.int(10),
                endpointsPassed: row.int(11), errors: row.int(12), warnings: row.int(13))
        }
    }

    /// Every endpoint's and probe's verdicts over `api`'s last `count` runs, by name.
    public func verdicts(last count: Int, api: String) throws -> [EndpointVerdicts] {
        let rows = try connection.query(
            """
            SELECT r.name, r.status FROM results r
            JOIN (SELECT id, started_at FROM runs WHERE api = ? ORDER BY started_at DESC LIMIT ?) recent ON recent.id = r.run
            ORDER BY recent.started_at, r.run
            """, [.text(api), .integer(Int64(count))]
        ) { ($0.text(0), $0.text(1)) }
        // Names are ordered here, not by the database: SQLite and PostgreSQL collate text apart.
        var statuses: [String: [String]] = [:]
        for (name, status) in rows { statuses[name, default: []].append(status) }
        return statuses.keys.sorted().map { EndpointVerdicts(name: $0, statuses: statuses[$0]!) }
    }

    /// The endpoints that flipped between passing and failing at least twice in `api`'s last `count` runs.
    public func flaky(last count: Int, api: String) throws -> [EndpointVerdicts] {
        try verdicts(last: count, api: api).filter(\.isFlaky).sorted { ($0.flips, $1.name) > ($1.flips, $0.name) }
    }

    /// Each finding of `api`'s newest run, with the first stored run of `api` it appeared in.
    public func firstSeen(api: String) throws -> [FirstSeen] {
        guard
            let newest = try connection.query(
                "SELECT id FROM runs WHERE api = ? ORDER BY started_at DESC LIMIT 1", [.text(api)], row: { $0.int64(0) }
            ).first
        else { return [] }
        let rows = try connection.query(
            """
            SELECT DISTINCT fingerprint, name, kind, severity, path FROM findings WHERE run = ?
            """, [.integer(newest)]
        ) { row in (row.int64(0), row.text(1), row.text(2), row.text(3), row.optionalText(4)) }
        // One line per finding however often the run reported it, in an order both databases agree on.
        var seenFingerprints = Set<Int64>()
        let current = rows.sorted { ($0.1, $0.2, $0.4 ?? "", $0.3) < ($1.1, $1.2, $1.4 ?? "", $1.3) }
            .filter { seenFingerprints.insert($0.0).inserted }
        return try current.compactMap { fingerprint, name, kind, severity, path in
            try firstRun(with: fingerprint, api: api).map { first in
                FirstSeen(
                    name: name, kind: kind, severity: severity, path: path, firstRunID: first.runID,
                    firstSeenAt: first.at, firstCommit: first.commit)
            }
        }
    }

    /// The first stored run of `api` with a finding of this fingerprint: a seek in
    /// `findings_fingerprint`, then past the other APIs' findings of the same fingerprint, if any.
    func firstRun(with fingerprint: Int64, api: String) throws -> (at: Date, runID: String, commit: String?)? {
        try connection.query(
            """
            SELECT f.started_at, r.run_id, r.commit_sha FROM findings f JOIN runs r ON r.id = f.run
            WHERE f.fingerprint = ? AND r.api = ? ORDER BY f.started_at LIMIT 1
            """, [.integer(fingerprint), .text(api)]
        ) { row in
            (at: Date(timeIntervalSince1970: row.double(0)), runID: row.text(1), commit: row.optionalText(2))
        }.first
    }

    /// p50 and p95 of each endpoint's total time over `api`'s last `count` runs, and the `count` before.
    public func latency(last count: Int, api: String) throws -> [LatencySummary] {
        let recent = try totals(offset: 0, count: count, api: api)
        let previous = try totals(offset: count, count: count, api: api)
        return recent.keys.sorted().map { name in
            let times = recent[name]!.sorted()
            let before = previous[name]?.sorted()
            return LatencySummary(
                name: name, samples: times.count, p50: LatencySummary.percentile(times, 0.5),
                p95: LatencySummary.percentile(times, 0.95), max: times.last ?? 0,
                previousP50: before.map { LatencySummary.percentile($0, 0.5) },
                previousP95: before.map { LatencySummary.percentile($0, 0.95) })
        }
    }

    private func totals(offset: Int, count: Int, api: String) throws -> [String: [Double]] {
        let rows = try connection.query(
            """
            SELECT r.name, r.total_ms FROM results r
            JOIN (SELECT id FROM runs WHERE api = ? ORDER BY started_at DESC LIMIT ? OFFSET ?) recent ON recent.id = r.run
            WHERE r.total_ms IS NOT NULL
            """, [.text(api), .integer(Int64(count)), .integer(Int64(offset))]
        ) { ($0.text(0), $0.double(1)) }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    /// Every mock of `api` live answers were compared with, stalest first.
    public func mockAges(api: String) throws -> [MockAge] {
        try connection.query(
            """
            SELECT name, first_compared_at, last_compared_at, last_matched_at, last_matched_run, last_matched_commit
            FROM mocks WHERE api = ?
            """, [.text(api)]
        ) { row in
            MockAge(
                mock: row.text(0), firstComparedAt: Date(timeIntervalSince1970: row.double(1)),
                lastComparedAt: Date(timeIntervalSince1970: row.double(2)),
                lastMatchedAt: row.optionalDouble(3).map(Date.init(timeIntervalSince1970:)),
                lastMatchedRunID: row.optionalText(4), lastMatchedCommit: row.optionalText(5))
        }.sorted { ($0.lastMatchedAt ?? $0.firstComparedAt, $0.mock) < ($1.lastMatchedAt ?? $1.firstComparedAt, $1.mock) }
    }
}
