/// Whether a `POST` only reads: a search, filter or count sent by POST for its body (Prefect's
/// `POST /flows/filter` and `/flow_runs/count`, Elasticsearch's `_search`). A document cannot say
/// so, and `live --reads-only` would leave every such read out as a write; the import guesses it
/// from the path's last segment, whose first word names a read and no word a change
/// (`count-deployments`, not `count_reset`), and declares it `readingOnly()` with a note: Aim's
/// `get-batch` and `get-step` read a run's metrics, Prefect's `counts` and `validate` read or check
/// what the body sends. A word that opens or ends a session (`get_token`) is no read.
enum ReadingPost {
    static let readWords: Set<String> = [
        "filter", "count", "counts", "search", "query", "find", "lookup", "paginate", "history", "mget", "msearch", "get", "validate",
    ]
    static let writeWords: Set<String> = [
        "delete", "remove", "reset", "set", "create", "update", "increment", "decrement", "clear", "purge", "cancel", "start",
        "stop", "run", "trigger", "send", "bulk", "token", "login", "logout", "refresh", "or", "and",
    ]

    /// The word it was taken for a read by, or nil: a POST answering content with 200, its path
    /// ending on a segment that is no placeholder.
    static func word(method: String, path: String, successStatus: Int, answersContent: Bool) -> String? {
        guard method == "post", successStatus == 200, answersContent, let last = path.split(separator: "/").last,
            !last.contains("{")
        else { return nil }
        let words = last.lowercased().split { $0 == "_" || $0 == "-" || $0 == "." }.map(String.init)
        guard let first = words.first, readWords.contains(first), !words.contains(where: writeWords.contains) else { return nil }
        return first
    }
}
