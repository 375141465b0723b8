import APICheck
import Foundation

extension HistoryStore {
    /// Stores `run` in one transaction: all of it or, on failure, none. With a `redactor`, the
    /// secret proof runs first over everything that would be stored, and a run that would keep
    /// a secret of the run in any form is refused whole.
    public func record(_ run: HistoryRun, provenBy redactor: Redactor? = nil) throws {
        if let redactor {
            let places = redactor.secretPlaces(in: run.document)
            guard places.isEmpty else { throw HistoryError(.secretWouldBeStored(places), location: location.description) }
        }
        try record([run])
    }

    /// Several runs in one transaction (the bench fills a store this way).
    public func record(_ runs: [HistoryRun]) throws {
        try transaction {
            for run in runs { try insert(run) }
        }
    }

    private func insert(_ run: HistoryRun) throws {
        let started = run.startedAt.timeIntervalSince1970
        let runRow = try connection.insert(
            """
            INSERT INTO runs(run_id, report_run_id, started_at, duration, command, api, api_hash, commit_sha, tool, environment, base_url,
                             shard, verdict, endpoints, endpoints_passed, errors, warnings)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(run.runID), .optional(run.reportRunID), .real(started), .real(run.duration), .text(run.command), .text(run.api),
                .text(run.apiHash),
                .optional(run.commit), .text(run.tool), .optional(run.environment), .text(run.baseURL), .optional(run.shard),
                .text(run.verdict), .integer(Int64(run.endpoints)), .integer(Int64(run.endpointsPassed)),
                .integer(Int64(run.errors)), .integer(Int64(run.warnings)),
            ])
        var resultRows: [Int64] = []
        resultRows.reserveCapacity(run.results.count)
        for result in run.results {
            let resultRow = try connection.insert(
                """
                INSERT INTO results(run, name, role, endpoint, status, http_status, outcome, mock, matched,
                                    dns_ms, connect_ms, tls_ms, first_byte_ms, total_ms)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(runRow), .text(result.name), .text(result.role), .text(result.endpoint), .text(result.status),
                    .optional(result.httpStatus), .optional(result.classification), .optional(result.mock),
                    .integer(result.matchedMock ? 1 : 0), .optional(result.dnsMs), .optional(result.connectMs),
                    .optional(result.tlsMs), .optional(result.firstByteMs), .optional(result.totalMs),
                ])
            resultRows.append(resultRow)
            if let mock = result.mock { try noteMock(mock, matched: result.matchedMock, run: run, at: started) }
        }
        for finding in run.findings {
            try connection.run(
                """
                INSERT INTO findings(run, result, started_at, fingerprint, name, kind, severity, category, path, code, mock)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(runRow), finding.result.map { .integer(resultRows[$0]) } ?? .null, .real(started),
                    .integer(finding.fingerprint), .text(finding.name), .text(finding.kind), .text(finding.severity),
                    .text(finding.category), .optional(finding.path), .optional(finding.code), .optional(finding.mock),
                ])
        }
    }

    /// Keeps the mock's first and last comparison and its last match: runs arrive out of order
    /// from shards, so each time only moves forward (or, for the first, back).
    private func noteMock(_ mock: String, matched: Bool, run: HistoryRun, at started: Double) throws {
        let least = connection.dialect.least, greatest = connection.dialect.greatest
        try connection.run(
            """
            INSERT INTO mocks(name, first_compared_at, last_compared_at, last_matched_at, last_matched_run, last_matched_commit, api)
            VALUES(?1, ?2, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT(api, name) DO UPDATE SET
                first_compared_at = \(least)(mocks.first_compared_at, excluded.first_compared_at),
                last_compared_at = \(greatest)(mocks.last_compared_at, excluded.last_compared_at),
                last_matched_run = CASE WHEN excluded.last_matched_at > coalesce(mocks.last_matched_at, -1e300)
                                        THEN excluded.last_matched_run ELSE mocks.last_matched_run END,
                last_matched_commit = CASE WHEN excluded.last_matched_at > coalesce(mocks.last_matched_at, -1e300)
                                           THEN excluded.last_matched_commit ELSE mocks.last_matched_commit END,
                last_matched_at = CASE WHEN excluded.last_matched_at > coalesce(mocks.last_matched_at, -1e300)
                                       THEN excluded.last_matched_at ELSE mocks.last_matched_at END
            """,
            [
                .text(mock), .real(started), matched ? .real(started) : .null, matched ? .text(run.runID) : .null,
                matched ? .optional(run.commit) : .null, .text(run.api),
            ])
    }

    /// Removes runs that started before `cutoff` (of `api` only, when given), with their results
    /// and findings, in one transaction; mocks keep their last match. Returns how many runs went.
    @discardableResult
    public func prune(before cutoff: Date, api: String? = nil) throws -> Int {
        let removed = try transaction { () throws -> Int in
            let old = api == nil ? "started_at < ?" : "started_at < ? AND api = ?"
            let bound: [SQLValue] = [.real(cutoff.timeIntervalSince1970)] + (api.map { [.text($0)] } ?? [])
            try connection.run("DELETE FROM findings WHERE run IN (SELECT id FROM runs WHERE \(old))", bound)
            try connection.run("DELETE FROM results WHERE run IN (SELECT id FROM runs WHERE \(old))", bound)
            return try connection.run("DELETE FROM runs WHERE \(old)", bound)
        }
        // The freed pages are reused by later runs; the log is folded back so the file stops growing.
        if connection.dialect == .sqlite { try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        return removed
    }
}
