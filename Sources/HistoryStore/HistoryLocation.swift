import Foundation

/// Where the history is kept, as `--history` names it: `sqlite:PATH` (a file, made when
/// missing) or `postgres://…` / `postgresql://…` (a libpq connection URI; the database must exist,
/// its tables are made when missing). A password in the URI is never shown: prefer `PGPASSWORD`
/// or `~/.pgpass`.
public struct HistoryLocation: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(url: String)
    }

    public var kind: Kind

    public init(sqlitePath path: String) {
        kind = .sqlite(path: path)
    }

    /// Reads `sqlite:PATH` (a relative path is taken against `directory`) or a PostgreSQL URI.
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
            kind = .postgres(url: text)
        } else {
            throw HistoryError(.badLocation("expected sqlite:PATH or postgres://…"), location: Self.shown(text))
        }
    }

    public var isPostgres: Bool {
        if case .postgres = kind { return true }
        return false
    }

    public var description: String {
        switch kind {
        case let .sqlite(path): return "sqlite:" + path
        case let .postgres(url): return Self.shown(url)
        }
    }

    /// A URI as messages show it: without its password.
    static func shown(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return text.contains("@") ? "(a URI holding credentials)" : text }
        if components.password != nil { components.password = "***" }
        return components.string ?? "(a URI holding credentials)"
    }
}
