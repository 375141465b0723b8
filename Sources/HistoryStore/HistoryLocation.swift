/// Where the history is kept, as `--history` names it: `sqlite:PATH` (a file, made when missing).
/// `postgres://…` is recognised and refused: this build keeps history in SQLite only.
public struct HistoryLocation: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case sqlite(path: String)
    }

    public var kind: Kind

    public init(sqlitePath path: String) {
        kind = .sqlite(path: path)
    }

    /// Reads `sqlite:PATH`; a relative path is taken against `directory`.
    public init(parsing text: String, relativeTo directory: String) throws {
        if text.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            // `sqlite:///tmp/x` and `sqlite:/tmp/x` alike: the URL form's slashes name the root.
            if path.hasPrefix("//") { path = String(path.dropFirst(2)) }
            guard !path.isEmpty else {
                throw HistoryError(.badLocation("sqlite: needs a file path, as in sqlite:history.sqlite"), location: text)
            }
            if !path.hasPrefix("/") { path = directory + (directory.hasSuffix("/") ? "" : "/") + path }
            kind = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            throw HistoryError(.badLocation("PostgreSQL stores are not supported by this build; give sqlite:PATH"),
                               location: "postgres://…")
        } else {
            throw HistoryError(.badLocation("expected sqlite:PATH"), location: text)
        }
    }

    public var description: String {
        switch kind {
        case let .sqlite(path): return "sqlite:" + path
        }
    }
}
