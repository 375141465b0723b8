import APICheck
import HTTPServer

/// How the log, the journal and a 404 show a request's target: a long one cut where a secret is
/// shown whole or not at all (`shown`), and the API's secrets masked (`masked`), so that a token
/// in a query never reaches a log line or the admin API.
struct TargetDisplay: Sendable {
    let redactor: Redactor
    /// The tokens serve issued or accepts: one sent in a query parameter of any name is masked
    /// too, not only under the API's credential fields.
    let tokens: TokenStore?
    private let remembered = MaskedTargets()

    init(redactor: Redactor, tokens: TokenStore? = nil) {
        self.redactor = redactor
        self.tokens = tokens
    }

    /// Path and query as sent, cut when long, secrets masked; not yet escaped for a terminal.
    func masked(_ request: ServerRequest) -> String { masked(path: request.path, query: request.query) }

    func masked(path: String, query: [(name: String, value: String)]) -> String {
        var query = query
        if let tokens {
            for index in query.indices where query[index].value.utf8.count > 3 && tokens.holds(query[index].value) {
                query[index].value = Redactor.mask
            }
        }
        return remembered.masked(Self.shown(Self.target(path: path, query: query)), by: redactor)
    }

    /// A path or target as the log, the journal and a 404 show it: past `limit` bytes it is cut at
    /// the last `/`, `?` or `&` before the limit (so a secret is shown whole or not at all) and
    /// says how long it was. A 30 KB path costs no more to log than a short one.
    static func shown(_ text: String, limit: Int = 1024) -> String {
        guard text.utf8.count > limit else { return text }
        let head = text.utf8.prefix(limit)
        let cut = head.lastIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "&") } ?? head.startIndex
        return String(decoding: text.utf8[..<cut], as: UTF8.self) + "/… (\(text.utf8.count) bytes)"
    }

    /// Path and query as sent (percent-decoded by the server), secrets not yet masked.
    static func target(path: String, query: [(name: String, value: String)]) -> String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}
