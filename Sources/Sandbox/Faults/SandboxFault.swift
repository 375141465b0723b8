/// A deliberate deviation from docs/demo-api.md. Each one is the kind of drift a real backend shows, so
/// the live checker's tests can start a sandbox with it and assert the matching finding.
///
/// `route` is an endpoint's path relative to `/Api/` as written in docs/demo-api.md (`Account/login`,
/// `statuses/home_timeline`, `statuses/{id}`, `config/main.json`). Field faults rewrite the payload:
/// `datas` of an envelope, or the whole array of `config/main.json`.
public enum SandboxFault: Sendable, Hashable {
    /// Every object key `from` in the payload is renamed `to`, in place.
    case renameField(route: String, from: String, to: String)
    /// Every member named `key` in the payload gets this raw JSON as its value (`"\"12\""`, `"null"`).
    case replaceField(route: String, key: String, json: String)
    /// Every object in the payload gains a member `key` with this raw JSON value, unless it has one.
    case addField(route: String, key: String, json: String)
    /// Every member named `key` disappears from the payload.
    case removeField(route: String, key: String)
    /// The route answers this envelope (`datas` null, HTTP 200) and does nothing else.
    case envelopeCode(route: String, code: Int, msg: String)
    /// The route answers an nginx-style HTML error page with this HTTP status and does nothing else.
    case html(route: String, status: Int)
    /// The route answers normally after this pause.
    case delay(route: String, milliseconds: Int)
    /// The route announces its full Content-Length but the connection is cut halfway through the body.
    case truncate(route: String)
    /// The route's normal envelope, padded with whitespace to about `bytes` so that it stays valid JSON.
    case hugeBody(route: String, bytes: Int)
    /// Unknown, expired and logged-out tokens (and a missing one) are served as the demo account
    /// instead of getting HTTP 403.
    case deadTokenAccepted
    /// A second login leaves the account's earlier tokens valid instead of revoking them.
    case noRevocation
    /// `statuses/home_timeline` reads `max_id` loosely: a page asked with it starts two statuses
    /// newer, so the next page repeats the last two of the page before (what an app's infinite
    /// scroll shows as duplicates).
    case pagingOverlap

    /// The route this fault is pinned to; nil for the ones that change the whole server.
    public var route: String? {
        switch self {
        case let .renameField(route, _, _), let .replaceField(route, _, _), let .addField(route, _, _),
            let .removeField(route, _), let .envelopeCode(route, _, _), let .html(route, _),
            let .delay(route, _), let .truncate(route), let .hugeBody(route, _):
            route
        case .deadTokenAccepted, .noRevocation, .pagingOverlap:
            nil
        }
    }
}
