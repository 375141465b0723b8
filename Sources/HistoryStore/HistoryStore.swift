internal import CSQLite
import Foundation

/// The results history in an SQLite file: opened (made and migrated forward when needed) by
/// `init`, written one run per transaction by `record`, read by the queries in
/// `HistoryStore+Queries.swift`. One store is used from one thread at a time; several processes
/// may write the same file at once (WAL, a busy timeout, and whole transactions retried).
public final class HistoryStore {
    public let location: HistoryLocation
    let connection: SQLiteConnection

    /// How often a transaction another writer kept locked past the busy timeout is tried again.
    static let attempts = 8

    public init(_ location: HistoryLocation) throws {
        self.location = location
        switch location.kind {
        case let .sqlite(path):
            connection = try SQLiteConnection(path: path, location: location.description)
        }
        try Self.retrying(location) {
            // WAL: readers never wait for the writer, and a commit costs one append.
            _ = try connection.query("PRAGMA journal_mode=WAL") { $0.text(0) }
        }
        // Durable across a process crash, which is what a CI runner risks; fsync per commit would
        // make eight writers queue behind the disk.
        try connection.execute("PRAGMA synchronous=NORMAL")
        try migrate()
    }

    /// The newest schema this build reads and writes.
    public static var schemaVersion: Int { HistorySchema.version }

    /// The store's schema version: the table is made with the store, so 0 means a new file.
    private func migrate() throws {
        try transaction {
            try connection.execute("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)")
            let found = try connection.query("SELECT version FROM schema_version") { $0.int(0) }.first ?? 0
            guard found <= HistorySchema.version else {
                throw HistoryError(.newerSchema(found: found, supported: HistorySchema.version), location: location.description)
            }
            guard found < HistorySchema.version else { return }
            for step in HistorySchema.steps[found...] { try connection.execute(step) }
            try connection.run("DELETE FROM schema_version")
            try connection.run("INSERT INTO schema_version(version) VALUES(?)", [.integer(Int64(HistorySchema.version))])
        }
    }

    /// `body` in one write transaction, taken at once (`BEGIN IMMEDIATE`: a read that later
    /// wants to write could not wait its turn), rolled back on failure, and tried again from
    /// the start while other writers keep the store locked.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try Self.retrying(location) {
            try connection.execute("BEGIN IMMEDIATE")
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

    static func retrying<T>(_ location: HistoryLocation, _ body: () throws -> T) throws -> T {
        for attempt in 1... {
            do {
                return try body()
            } catch let error as HistoryError where SQLiteConnection.isBusy(error) {
                guard attempt < attempts else { throw HistoryError(.busy(attempts: attempts), location: location.description) }
                // Spread out, so writers that collided do not collide again in step.
                usleep(UInt32.random(in: 10_000...50_000) * UInt32(attempt))
            }
        }
        fatalError("unreachable")
    }

    /// The file's size in bytes, write-ahead log included (`page_count` misses what is not yet
    /// checkpointed).
    public var sizeInBytes: Int {
        guard case let .sqlite(path) = location.kind else { return 0 }
        return [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    public func runCount() throws -> Int {
        try connection.query("SELECT count(*) FROM runs") { $0.int(0) }.first ?? 0
    }

    public func findingCount() throws -> Int {
        try connection.query("SELECT count(*) FROM findings") { $0.int(0) }.first ?? 0
    }
}
