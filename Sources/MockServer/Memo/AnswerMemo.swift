import APICheck
import Foundation
import HTTPServer
import Synchronization

/// Answers that were made from the request line alone, kept for the next request with the same
/// line while nothing they were made from has moved. A simulator polling a public endpoint, or a
/// load test, then costs one lookup instead of routing, validating, choosing a scenario and
/// attaching a prepared body each time.
///
/// An answer is kept only when its decision read no state but the scenario book and the mock's
/// body (no token, no session, no paging, no delay, no fault; see `MockDecision.replayable`), and
/// is given again only while
/// - the request carries no header serve might read (`NeutralHeaders.plumbing` minus every name the API
///   declares), no body, and a line of at most `maxLineBytes`;
/// - the scenario book is at the generation it was made at;
/// - the mock's body is the one it was made from and not yet due for a look at the file, so an
///   edit is noticed exactly as soon as without the memo.
final class AnswerMemo: Sendable {
    /// What an answer was made from, besides the request line.
    struct Stamp: Sendable {
        /// Where the mock's body is kept, asked directly rather than looked up by file name.
        var body: MockBodies.Slot
        var bodyVersion: Int
        var scenarioGeneration: Int
    }

    typealias Remembered = RememberedAnswer<Stamp>

    /// A longer line is answered the long way: a flood of distinct long paths must not fill
    /// memory with keys.
    static let maxLineBytes = 512
    static let capacity = 4096

    /// The plumbing headers serve never reads, in lower case: what the server's `LineShortcut`
    /// lets through.
    var neutralHeaders: Set<String> { neutral.lowered }
    private let neutral: NeutralHeaders
    private let entries = Mutex<[RequestLine: Remembered]>([:])

    /// - Parameter readHeaders: header names (any case) the API declares: parameters,
    ///   distinctions, the token's place. They are never neutral.
    init(readHeaders: Set<String>) {
        neutral = NeutralHeaders(readHeaders: readHeaders)
    }

    /// The answer kept for `request`, if any and if `isCurrent` says what it was made from still
    /// holds.
    func answer(to request: ServerRequest, isCurrent: (Stamp) -> Bool) -> Remembered? {
        guard let key = key(of: request) else { return nil }
        return answer(to: key, isCurrent: isCurrent)
    }

    /// The answer kept for a request line as the server's shortcut reads it.
    func answer(to line: RequestLine, isCurrent: (Stamp) -> Bool) -> Remembered? {
        guard let remembered = entries.withLock({ $0[line] }) else { return nil }
        return isCurrent(remembered.stamp) ? remembered : nil
    }

    func remember(_ remembered: Remembered, for request: ServerRequest) {
        guard remembered.response.prepared != nil, let key = key(of: request) else { return }
        entries.withLock { entries in
            // Outgrown (many distinct lines): start over rather than track which to drop.
            if entries.count >= Self.capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = remembered
        }
    }

    var count: Int { entries.withLock { $0.count } }

    /// The line the server read the request by when its shortcut was asked (the server has
    /// checked the headers then), else one made from the request's fields.
    private func key(of request: ServerRequest) -> RequestLine? {
        if let line = request.line { return line }
        guard request.body.isEmpty else { return nil }
        for header in request.headers where !neutral.contains(header.name) { return nil }
        return RequestLine(request, limit: Self.maxLineBytes)
    }
}
