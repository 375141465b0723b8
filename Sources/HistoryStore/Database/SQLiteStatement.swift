internal import CSQLite

/// A prepared statement of one connection: bound, stepped, read by column index.
final class SQLiteStatement: HistoryRow {
    private let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case let .integer(number): code = sqlite3_bind_int64(handle, index, number)
            case let .real(number): code = sqlite3_bind_double(handle, index, number)
            case let .text(text):
                code = text.utf8CString.withUnsafeBufferPointer { buffer in
                    csqlite_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count - 1))
                }
            }
            guard code == SQLITE_OK else { throw connection.error(code, sql) }
        }
    }

    /// True when a row is ready to read; false when the statement is done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = connection.error(code, sql)
            sqlite3_reset(handle)
            throw failure
        }
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: bytes)
    }
}
