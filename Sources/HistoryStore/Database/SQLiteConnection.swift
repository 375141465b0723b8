internal import CSQLite
import Foundation

/// One connection to an SQLite file, used from one thread at a time. Every failure becomes a
/// `HistoryError` naming the file and the statement.
final class SQLiteConnection: HistoryConnection {
    private let handle: OpaquePointer
    let location: String
    let path: String
    var dialect: SQLDialect { .sqlite }
    private var statements: [String: SQLiteStatement] = [:]

    /// How long a statement waits for another writer's lock before SQLite gives up on it.
    static let busyTimeoutMilliseconds: Int32 = 10000

    init(path: String, location: String) throws {
        self.location = location
        self.path = path
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let db { sqlite3_close_v2(db) }
            throw HistoryError(.sqlite(code: code, message: message, statement: nil), location: location)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        // Before anything that takes a lock: eight writers opening a new file at once all wait.
        sqlite3_busy_timeout(db, Self.busyTimeoutMilliseconds)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, _ sql: String?) -> HistoryError {
        HistoryError(.sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), statement: sql), location: location)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql) }
    }

    /// A prepared statement, kept for the connection's life: a run inserts thousands of rows
    /// through a handful of statements.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw error(code, sql) }
        let statement = SQLiteStatement(handle: prepared, sql: sql, connection: self)
        statements[sql] = statement
        return statement
    }

    /// The rows `sql` returns with `bindings`, each read by `row`.
    func query<T>(_ sql: String, _ bindings: [SQLValue], row: (any HistoryRow) throws -> T) throws -> [T] {
        let statement = try statement(sql)
        try statement.bind(bindings)
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    @discardableResult
    func run(_ sql: String, _ bindings: [SQLValue]) throws -> Int {
        let statement = try statement(sql)
        try statement.bind(bindings)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    func insert(_ sql: String, _ bindings: [SQLValue]) throws -> Int64 {
        try run(sql, bindings)
        return sqlite3_last_insert_rowid(handle)
    }

    /// The file and its write-ahead log (`page_count` misses what is not yet checkpointed).
    func sizeInBytes() throws -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    /// Another connection's lock rather than a fault: worth another try.
    func isRetryable(_ error: HistoryError) -> Bool {
        guard case let .sqlite(code, _, _) = error.reason else { return false }
        let primary = code & 0xFF
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED
    }
}
