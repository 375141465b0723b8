/// Why the history store could not be opened, written or read. Each case carries the store's
/// path and, for SQL failures, the statement and SQLite's own message; the human text is built
/// here, in one place.
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// `--history` named a store this build cannot use or did not parse.
        case badLocation(String)
        /// SQLite refused: its result code, its message, and the statement (nil for open).
        case sqlite(code: Int32, message: String, statement: String?)
        /// PostgreSQL refused: its SQLSTATE (empty for a connection failure), its message, the statement.
        case postgres(state: String, message: String, statement: String?)
        /// The store was written by a newer apicheck: its schema version and the newest known here.
        case newerSchema(found: Int, supported: Int)
        /// Other writers held the store for longer than the busy timeout, every retry.
        case busy(attempts: Int)
        /// What would be stored still holds a secret of the run, in some form: where, and how.
        case secretWouldBeStored([String])
    }

    public var location: String
    public var reason: Reason

    public init(_ reason: Reason, location: String) {
        self.reason = reason
        self.location = location
    }

    public var description: String {
        switch reason {
        case let .badLocation(text):
            return "history store \(location): \(text)"
        case let .sqlite(code, message, statement):
            let query = statement.map { " in \"\(Self.oneLine($0))\"" } ?? ""
            return "history store \(location): SQLite error \(code) (\(message))\(query)"
        case let .postgres(state, message, statement):
            let query = statement.map { " in \"\(Self.oneLine($0))\"" } ?? ""
            return "history store \(location): PostgreSQL error\(state.isEmpty ? "" : " " + state) (\(message))\(query)"
        case let .newerSchema(found, supported):
            return "history store \(location) was written by a newer apicheck (schema version \(found); this one reads up to "
                + "\(supported)): upgrade apicheck, or give another --history"
        case let .busy(attempts):
            return "history store \(location) stayed locked by other writers through \(attempts) attempts"
        case let .secretWouldBeStored(places):
            return "history store \(location): the run was not stored, a secret of the run would be at "
                + places.prefix(5).joined(separator: ", ")
        }
    }

    /// A statement as one short line: SQL spread over lines reads badly in an error message.
    private static func oneLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 160 ? String(words.prefix(160)) + "…" : words
    }
}
