import APICheck
import Foundation
import HTTPServer
import Synchronization

/// Answers that were made from more than the request line, kept for the next request that brings
/// the same: a read with a working token (a client polling its own timeline), a page of a list
/// (whose links name the `Host` the client reached). `AnswerMemo` keeps only answers made from the
/// line alone, which none of these are.
///
/// An answer is kept when its decision served a mock (or a page of it) with no session moved, no
/// delay and no fault (`MockDecision.readReplayable`), and is given again only while
/// - the request carries the same line, the same `Host` and the same credential header, no other
///   header serve might read, and no body;
/// - the token it carried stands where it stood (asked of the token store on every hit, so a token
///   expired, logged out or revoked since gets the long way and its refusal);
/// - the scenario book and the mock's body are as they were (`AnswerMemo.Stamp`).
///
/// Its memory is bounded by entries and by the bytes of the bodies it keeps: a flood of tokens or
/// pages starts it over, never grows it.
final class ReadAnswerMemo: Sendable {
    /// What an answer was made from, besides what its key holds.
    struct Stamp: Sendable {
        var answer: AnswerMemo.Stamp
        /// The token the request carried (nil for none) and where it stood; nil for an endpoint
        /// that needs none, or when serve judges no token.
        var token: (value: String?, state: TokenState)?
    }

    /// The request as far as a kept answer was made from it.
    struct Key: Hashable, Sendable {
        var line: RequestLine
        var host: String?
        var credential: String? = nil
    }

    typealias Remembered = RememberedAnswer<Stamp>

    static let capacity = 4096
    /// The bodies kept, all told: a page is often tens of kilobytes, where a line's answer is a
    /// mock served whole and shared.
    static let maxBodyBytes = 16 << 20

    private let neutral: NeutralHeaders
    /// The header that carries the token, in lower case; nil when it travels in the query.
    private let credentialHeader: String?
    private let entries = Mutex<(table: [Key: Remembered], bodyBytes: Int)>(([:], 0))

    init(readHeaders: Set<String>, placement: AuthPolicy.Placement) {
        switch placement {
        case let .header(name, _): credentialHeader = name.lowercased()
        case .basic: credentialHeader = "authorization"
        case .cookie: credentialHeader = "cookie"
        case .query: credentialHeader = nil
        }
        neutral = NeutralHeaders(readHeaders: readHeaders)
    }

    /// The answer kept for `request`, if any and if `isCurrent` says what it was made from still
    /// holds.
    func answer(to request: ServerRequest, isCurrent: (Stamp) -> Bool) -> Remembered? {
        guard let key = key(of: request) else { return nil }
        return answer(to: key, isCurrent: isCurrent)
    }

    /// The answer kept under `key`: the server's shortcut makes one from the line it read and the
    /// `Host`, for a request whose every header is plain (so no credential header comes with it).
    func answer(to key: Key, isCurrent: (Stamp) -> Bool) -> Remembered? {
        guard let remembered = entries.withLock({ $0.table[key] }) else { return nil }
        return isCurrent(remembered.stamp) ? remembered : nil
    }

    /// Keeps `response` laid out once (`PreparedResponse`), as the server sends it on every hit.
    func remember(
        _ response: ServerResponse, stamp: Stamp, logged: String?, exchange: RequestJournal.Exchange, for request: ServerRequest
    ) {
        // A body is kept twice: as data and as libmicrohttpd's copy.
        let bytes = 2 * response.body.count
        guard bytes <= Self.maxBodyBytes / 4, let key = key(of: request) else { return }
        var response = response
        if response.prepared == nil { response.prepared = PreparedResponse(response) }
        guard response.prepared != nil else { return }
        let remembered = Remembered(response: response, stamp: stamp, logged: logged, exchange: exchange)
        entries.withLock { entries in
            var previous = entries.table[key].map { 2 * $0.response.body.count }
            // Outgrown: start over rather than track which to drop.
            if previous == nil && entries.table.count >= Self.capacity || entries.bodyBytes - (previous ?? 0) + bytes > Self.maxBodyBytes {
                entries.table.removeAll(keepingCapacity: true)
                entries.bodyBytes = 0
                previous = nil
            }
            entries.bodyBytes += bytes - (previous ?? 0)
            entries.table[key] = remembered
        }
    }

    var count: Int { entries.withLock { $0.table.count } }

    /// The line, the `Host` and the credential header; nil for a request with a body, a header
    /// serve might read besides the credential, a credential header given twice, or a long line.
    private func key(of request: ServerRequest) -> Key? {
        guard request.body.isEmpty else { return nil }
        var credential: String?
        for header in request.headers {
            if let credentialHeader, HeaderName.same(header.name, credentialHeader) {
                guard credential == nil else { return nil }
                credential = header.value
            } else if !neutral.contains(header.name) {
                return nil
            }
        }
        guard let line = request.line ?? RequestLine(request, limit: AnswerMemo.maxLineBytes) else { return nil }
        return Key(line: line, host: request.field("host"), credential: credential)
    }
}
