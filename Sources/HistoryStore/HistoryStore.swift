import Foundation

/// The results history in SQLite or PostgreSQL: opened (made and migrated forward when needed) by
/// `init`, written one run per transaction by `record`, read by the queries in
/// `HistoryStore+Queries.swift`. One store is used from one thread at a time; several processes
/// may write the same store at once (each run one transaction, tried again while other writers
/// hold the locks it needs).
public final class HistoryStore {
    public let location: HistoryLocation
    let connection: any HistoryConnection

    /// How often a transaction that met another writer's lock is tried again.
    static let attempts = 8

    public init(_ location: HistoryLocation) throws {
        self.location = location
        switch location.kind {
        case let .sqlite(path):
            let sqlite = try SQLiteConnection(path: path, location: location.description)
            connection = sqlite
            try retrying {
                // WAL: readers never wait for the writer, and a commit costs one append.
                _ = try sqlite.query("PRAGMA journal_mode=WAL") { $0.text(0) }
            }
            // Durable across a process crash, which is what a CI runner risks; fsync per commit
            // would make eight writers queue behind the disk.
            try sqlite.execute("PRAGMA synchronous=NORMAL")
        case let .postgres(url):
            connection = try PostgresConnection(url: url, location: location.description)
        }
        try migrate()
    }

    /// The newest schema this build reads and writes.
    public static var schemaVersion: Int { HistorySchema.version }

    /// Brings the store to this build's schema. The version table is made with the store, so no
    /// table means a new store, at version 0.
    private func migrate() throws {
        try transaction {
            if connection.dialect == .postgres {
                // Two writers making a new database's tables at once would collide in the catalog.
                _ = try connection.query("SELECT pg_advisory_xact_lock(7273)") { _ in () }
            }
            try connection.execute("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)")
            let found = try connection.query("SELECT version FROM schema_version") { $0.int(0) }.first ?? 0
            guard found <= HistorySchema.version else {
                throw HistoryError(.newerSchema(found: found, supported: HistorySchema.version), location: location.description)
            }
            guard found < HistorySchema.version else { return }
            for step in HistorySchema.steps(for: connection.dialect)[found...] { try connection.execute(step) }
            try connection.run("DELETE FROM schema_version")
            try connection.run("INSERT INTO schema_version(version) VALUES(?)", [.integer(Int64(HistorySchema.version))])
        }
    }

    /// `body` in one write transaction, rolled back on failure, and tried again from the start
    /// while other writers keep the store locked.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try retrying {
            try connection.execute(connection.dialect.beginWrite)
            do {
                let value = try body()
                try connection.execute("COMMIT")
                return value
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func retrying<T>(_ body: () throws -> T) throws -> T {
        for attempt in 1... {
            do {
                return try body()
            } catch let error as HistoryError where connection.isRetryable(error) {
                guard attempt < Self.attempts else { throw HistoryError(.busy(attempts: Self.attempts), location: location.description) }
                // Spread out, so writers that collided do not collide again in step.
                usleep(UInt32.random(in: 10_000...50_000) * UInt32(attempt))
            }
        }
        fatalError("unreachable")
    }

    /// The store's size in bytes: the file and its log, or the PostgreSQL database.
    public var sizeInBytes: Int { (try? connection.sizeInBytes()) ?? 0 }

    public func runCount() throws -> Int {
        try connection.query("SELECT count(*) FROM runs") { $0.int(0) }.first ?? 0
    }

    public func findingCount() throws -> Int {
        try connection.query("SELECT count(*) FROM findings") { $0.int(0) }.first ?? 0
    }
}
