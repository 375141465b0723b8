import APICheck
import Foundation
import HTTPServer
import Synchronization

/// The lists the app pages through, one `PageStream` per client and list: the same endpoint, the
/// same declared query parameters and the same body but the cursor, the same credentials and
/// user agent (so two users paging one list, or two filters of it, are not read as one list). Bounded: at most `limit`
/// streams; past it the one least recently read is let go and counted.
final class ProxyPageStreams: Sendable {
    private struct State {
        /// Each list, when it was last read, and for a list paged by links the key it is followed by.
        var streams: [String: (stream: PageStream, used: Int, link: String?)] = [:]
        /// For lists paged by links: each open list's next link, with its client, to the list's key.
        var following: [String: String] = [:]
        var clock = 0
        var dropped = 0
    }

    private let state = Mutex(State())
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Reads `page` into its client's stream of its list; returns what it breaks, with the rule.
    /// `bodyRest` is the request's body but the cursor, hashed (`PagedRequest`).
    func read(
        _ page: ObservedPage, endpoint: AnyEndpoint, paging: Paging, request: ServerRequest,
        bodyRest: Int? = nil, credentials: [String]
    ) -> [(rule: PagingRule, finding: Finding)] {
        var key = Self.key(endpoint: endpoint, paging: paging, request: request, bodyRest: bodyRest, credentials: credentials)
        // A link names the whole next request: the parameters it changes (`offset`, `page`) are
        // declared ones, which would make each page a list of its own. A page asked at a link
        // that a list of its client gave is that list's.
        let linked = paging.cursor.parameter == nil
        let client = linked ? Self.client(request: request, credentials: credentials) : ""
        return state.withLock { state in
            state.clock += 1
            if linked, let asked = page.askedWith, let list = state.following.removeValue(forKey: client + asked) { key = list }
            var entry = state.streams.removeValue(forKey: key) ?? (PageStream(endpoint: endpoint.id, paging: paging), 0, nil)
            if let link = entry.link { state.following.removeValue(forKey: link) }
            if state.streams.count >= limit, let oldest = state.streams.min(by: { $0.value.used < $1.value.used }) {
                state.streams.removeValue(forKey: oldest.key)
                if let link = oldest.value.link { state.following.removeValue(forKey: link) }
                state.dropped += 1
            }
            let found = entry.stream.read(page)
            entry.used = state.clock
            entry.link = linked ? entry.stream.nextCursor.map { client + $0 } : nil
            if let link = entry.link { state.following[link] = key }
            state.streams[key] = entry
            return found
        }
    }

    /// Streams let go because `limit` were open.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// The client's part of a stream's name, hashed.
    private static func client(request: ServerRequest, credentials: [String]) -> String {
        var hasher = Hasher()
        for credential in credentials { hasher.combine(credential) }
        hasher.combine(request.header("User-Agent"))
        return String(hasher.finalize()) + "\u{0}"
    }

    /// The stream's name: hashed, so that no credential is kept in it.
    private static func key(
        endpoint: AnyEndpoint, paging: Paging, request: ServerRequest, bodyRest: Int?, credentials: [String]
    ) -> String {
        var hasher = Hasher()
        hasher.combine(client(request: request, credentials: credentials))
        // A changed filter in the body is another list, as one in the query is.
        hasher.combine(bodyRest)
        var text = endpoint.id
        // Only the declared parameters: a cache breaker (`_=1712…`) the app adds to every call
        // would otherwise make each page a list of its own.
        let declared = Set(endpoint.parameters.map(\.name)).subtracting([paging.cursor.parameter].compactMap { $0 })
        for item in request.query where declared.contains(item.name) { text += "\u{0}" + item.name + "=" + item.value }
        return text + "\u{0}" + String(hasher.finalize())
    }
}
