/// A connection to the database a store lives in: SQLite or PostgreSQL. Statements are written
/// once, with `?` parameters (`?1` where one is used twice); each connection says them its way.
protocol HistoryConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs statements that return no rows and take no parameters (schema, transactions).
    func execute(_ sql: String) throws
    /// The rows `sql` returns with `bindings`, each read by `row`.
    func query<T>(_ sql: String, _ bindings: [SQLValue], row: (any HistoryRow) throws -> T) throws -> [T]
    /// Runs `sql` for its effect; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ bindings: [SQLValue]) throws -> Int
    /// Inserts one row and returns its `id`.
    func insert(_ sql: String, _ bindings: [SQLValue]) throws -> Int64
    /// Whether a failure was contention with another writer (a lock, a deadlock, a
    /// serialization failure): the transaction is worth trying again from the start.
    func isRetryable(_ error: HistoryError) -> Bool
    /// The store's size on disk in bytes.
    func sizeInBytes() throws -> Int
}

extension HistoryConnection {
    func query<T>(_ sql: String, row: (any HistoryRow) throws -> T) throws -> [T] {
        try query(sql, [], row: row)
    }

    @discardableResult
    func run(_ sql: String) throws -> Int { try run(sql, []) }
}
