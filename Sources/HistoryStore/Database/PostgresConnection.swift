internal import CPostgres
import Foundation

/// One libpq connection to a PostgreSQL database. Statements are written with SQLite's `?`
/// parameters and said PostgreSQL's way (`$1`) here; values go as text, typed by the server from
/// their columns. Every failure becomes a `HistoryError` with the SQLSTATE and the statement.
final class PostgresConnection: HistoryConnection {
    private let handle: OpaquePointer
    let location: String
    var dialect: SQLDialect { .postgres }
    private var translated: [String: String] = [:]

    init(url: String, location: String) throws {
        self.location = location
        guard let connection = PQconnectdb(url) else {
            throw HistoryError(.postgres(state: "", message: "out of memory", statement: nil), location: location)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(connection)
            throw HistoryError(.postgres(state: "", message: message, statement: nil), location: location)
        }
        handle = connection
        // The server's notices ("relation already exists, skipping") would go to stderr.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    func execute(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    func query<T>(_ sql: String, _ bindings: [SQLValue], row: (any HistoryRow) throws -> T) throws -> [T] {
        let result = try send(sql, bindings)
        defer { PQclear(result) }
        return try (0..<PQntuples(result)).map { try row(PostgresRow(result: result, row: $0)) }
    }

    @discardableResult
    func run(_ sql: String, _ bindings: [SQLValue]) throws -> Int {
        let result = try send(sql, bindings)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func insert(_ sql: String, _ bindings: [SQLValue]) throws -> Int64 {
        try query(sql + " RETURNING id", bindings) { $0.int64(0) }.first ?? 0
    }

    func sizeInBytes() throws -> Int {
        try query("SELECT pg_database_size(current_database())") { $0.int(0) }.first ?? 0
    }

    /// A deadlock, a serialization failure or a lock not granted: another writer's doing.
    func isRetryable(_ error: HistoryError) -> Bool {
        guard case let .postgres(state, _, _) = error.reason else { return false }
        return ["40P01", "40001", "55P03"].contains(state)
    }

    private func send(_ sql: String, _ bindings: [SQLValue]) throws -> OpaquePointer? {
        let statement = translate(sql)
        let texts: [String?] = bindings.map { value in
            switch value {
            case .null: return nil
            case let .integer(number): return String(number)
            case let .real(number): return "\(number)"
            case let .text(text): return text
            }
        }
        // Each value as a C string that lives until the call returns.
        let copies = texts.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        let result = pointers.withUnsafeBufferPointer { buffer in
            PQexecParams(handle, statement, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        do {
            try check(result, sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = PQresultStatus(result)
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let state = result.map { String(cString: cpostgres_sqlstate($0)) } ?? ""
        let message = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        throw HistoryError(.postgres(state: state, message: message, statement: sql), location: location)
    }

    /// `?` → `$1`, `$2`, … in order; `?3` → `$3`.
    private func translate(_ sql: String) -> String {
        if let known = translated[sql] { return known }
        var output = "", next = 1
        var characters = sql[...]
        while let character = characters.popFirst() {
            guard character == "?" else { output.append(character); continue }
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            if digits.isEmpty {
                output += "$\(next)"
                next += 1
            } else {
                output += "$" + digits
                characters = characters.dropFirst(digits.count)
            }
        }
        translated[sql] = output
        return output
    }
}

/// One row of a libpq result, read as text.
private struct PostgresRow: HistoryRow {
    let result: OpaquePointer?
    let row: Int32

    func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column) == 1 }
    func text(_ column: Int32) -> String { PQgetvalue(result, row, column).map { String(cString: $0) } ?? "" }
    func int64(_ column: Int32) -> Int64 { Int64(text(column)) ?? 0 }
    func double(_ column: Int32) -> Double { Double(text(column)) ?? 0 }
}
