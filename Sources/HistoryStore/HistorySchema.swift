/// The store's tables, as steps from an empty file: step `n` takes a store from version `n` to
/// `n + 1`. A store is migrated forward when opened; one whose version is past the last step was
/// written by a newer apicheck and is refused. Steps are only ever appended. Types that differ
/// between the databases are written as `SQLDialect.schema` words.
enum HistorySchema {
    static var version: Int { steps.count }

    static func steps(for dialect: SQLDialect) -> [String] { steps.map(dialect.schema) }

    private static let steps: [String] = [
        """
        CREATE TABLE runs(
            id {id},
            run_id TEXT NOT NULL UNIQUE,
            started_at {real} NOT NULL,
            duration {real} NOT NULL,
            command TEXT NOT NULL,
            api TEXT NOT NULL,
            api_hash TEXT NOT NULL,
            commit_sha TEXT,
            tool TEXT NOT NULL,
            environment TEXT,
            base_url TEXT NOT NULL,
            shard TEXT,
            verdict TEXT NOT NULL,
            endpoints {int} NOT NULL,
            endpoints_passed {int} NOT NULL,
            errors {int} NOT NULL,
            warnings {int} NOT NULL
        );
        -- The last N runs, and prune's cut: every query starts from the newest runs.
        CREATE INDEX runs_started_at ON runs(started_at);
        CREATE TABLE results(
            id {id},
            run {int} NOT NULL,
            name TEXT NOT NULL,
            role TEXT NOT NULL,
            endpoint TEXT NOT NULL,
            status TEXT NOT NULL,
            http_status {int},
            outcome TEXT,
            mock TEXT,
            matched {int} NOT NULL,
            dns_ms {real},
            connect_ms {real},
            tls_ms {real},
            first_byte_ms {real},
            total_ms {real}
        );
        -- A few runs' results at a time (flaky, pass rate, latency) and prune.
        CREATE INDEX results_run ON results(run);
        CREATE TABLE findings(
            id {id},
            run {int} NOT NULL,
            result {int},
            started_at {real} NOT NULL,
            fingerprint {int} NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            severity TEXT NOT NULL,
            category TEXT NOT NULL,
            path TEXT,
            code TEXT,
            mock TEXT
        );
        -- The newest run's findings, and prune.
        CREATE INDEX findings_run ON findings(run);
        -- When a finding first appeared: the first entry per fingerprint, without a scan.
        CREATE INDEX findings_fingerprint ON findings(fingerprint, started_at);
        -- Each mock's last match with live, kept up to date by every run: its age is then one
        -- row per mock, however many runs are stored, and survives a prune of old runs.
        CREATE TABLE mocks(
            name TEXT PRIMARY KEY,
            first_compared_at {real} NOT NULL,
            last_compared_at {real} NOT NULL,
            last_matched_at {real},
            last_matched_run TEXT,
            last_matched_commit TEXT
        ) {without rowid};
        """,
        // The report's run id (`--run-id`, `runId` in the JSON report): one id for every shard
        // and every service of a CI pipeline, so it is a column beside the row's own id, not
        // the key. Rows stored before it have none.
        """
        ALTER TABLE runs ADD COLUMN report_run_id TEXT;
        -- Every stored part of one CI run: its shards, its services, a merge.
        CREATE INDEX runs_report_run_id ON runs(report_run_id);
        """,
        // One store serves many services: every query reads one API's runs, and a mock is one
        // API's (two services may both have a `health.json`). Mocks of an older store go to the
        // APIs whose kept results compared them, with those results' times; a mock one API alone
        // compared keeps its row as it was (it knew the pruned runs too); a mock no kept result
        // names goes to every API the store holds.
        """
        CREATE INDEX runs_api_started_at ON runs(api, started_at);
        CREATE TABLE mocks_by_api(
            api TEXT NOT NULL,
            name TEXT NOT NULL,
            first_compared_at {real} NOT NULL,
            last_compared_at {real} NOT NULL,
            last_matched_at {real},
            last_matched_run TEXT,
            last_matched_commit TEXT,
            PRIMARY KEY(api, name)
        ) {without rowid};
        INSERT INTO mocks_by_api(api, name, first_compared_at, last_compared_at, last_matched_at)
            SELECT runs.api, r.mock, min(runs.started_at), max(runs.started_at),
                   max(CASE WHEN r.matched = 1 THEN runs.started_at END)
            FROM results r JOIN runs ON runs.id = r.run WHERE r.mock IS NOT NULL GROUP BY runs.api, r.mock;
        UPDATE mocks_by_api SET
            last_matched_run = (SELECT runs.run_id FROM runs WHERE runs.api = mocks_by_api.api
                                AND runs.started_at = mocks_by_api.last_matched_at
                                AND EXISTS (SELECT 1 FROM results r WHERE r.run = runs.id AND r.mock = mocks_by_api.name AND r.matched = 1)
                                ORDER BY runs.id LIMIT 1),
            last_matched_commit = (SELECT runs.commit_sha FROM runs WHERE runs.api = mocks_by_api.api
                                   AND runs.started_at = mocks_by_api.last_matched_at
                                   AND EXISTS (SELECT 1 FROM results r WHERE r.run = runs.id AND r.mock = mocks_by_api.name AND r.matched = 1)
                                   ORDER BY runs.id LIMIT 1)
            WHERE last_matched_at IS NOT NULL;
        UPDATE mocks_by_api SET
            first_compared_at = (SELECT m.first_compared_at FROM mocks m WHERE m.name = mocks_by_api.name),
            last_compared_at = (SELECT m.last_compared_at FROM mocks m WHERE m.name = mocks_by_api.name),
            last_matched_at = (SELECT m.last_matched_at FROM mocks m WHERE m.name = mocks_by_api.name),
            last_matched_run = (SELECT m.last_matched_run FROM mocks m WHERE m.name = mocks_by_api.name),
            last_matched_commit = (SELECT m.last_matched_commit FROM mocks m WHERE m.name = mocks_by_api.name)
            WHERE EXISTS (SELECT 1 FROM mocks m WHERE m.name = mocks_by_api.name)
            AND (SELECT count(*) FROM mocks_by_api b WHERE b.name = mocks_by_api.name) = 1;
        INSERT INTO mocks_by_api(api, name, first_compared_at, last_compared_at, last_matched_at, last_matched_run, last_matched_commit)
            SELECT a.api, m.name, m.first_compared_at, m.last_compared_at, m.last_matched_at, m.last_matched_run, m.last_matched_commit
            FROM mocks m CROSS JOIN (SELECT DISTINCT api FROM runs) a
            WHERE NOT EXISTS (SELECT 1 FROM mocks_by_api b WHERE b.name = m.name);
        DROP TABLE mocks;
        ALTER TABLE mocks_by_api RENAME TO mocks;
        """,
    ]
}
