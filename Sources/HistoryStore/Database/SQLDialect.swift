/// What differs between the databases in the statements the store writes.
enum SQLDialect: Sendable {
    case sqlite, postgres

    /// Starts a write transaction. SQLite: take the write lock now (`IMMEDIATE`), so a
    /// transaction never has to upgrade a read lock, which a waiting writer cannot do.
    var beginWrite: String {
        switch self {
        case .sqlite: return "BEGIN IMMEDIATE"
        case .postgres: return "BEGIN"
        }
    }

    /// The larger and smaller of two values (SQLite's two-argument `max` and `min`).
    var greatest: String { self == .sqlite ? "max" : "GREATEST" }
    var least: String { self == .sqlite ? "min" : "LEAST" }

    /// A schema step written with `{id}`, `{int}`, `{real}` and `{without rowid}` for the
    /// types that differ.
    func schema(_ template: String) -> String {
        let words: [(String, String)] =
            switch self {
            case .sqlite: [("{id}", "INTEGER PRIMARY KEY"), ("{int}", "INTEGER"), ("{real}", "REAL"), ("{without rowid}", "WITHOUT ROWID")]
            case .postgres:
                [("{id}", "BIGSERIAL PRIMARY KEY"), ("{int}", "BIGINT"), ("{real}", "DOUBLE PRECISION"), ("{without rowid}", "")]
            }
        return words.reduce(template) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
