import APICheck
import Foundation
import HTTPServer

/// What a remembered answer needs when it is given again, and what every answer gets: whether
/// what it was made from still holds, its journal entry and its log line. A value of its own so
/// that the server's line shortcut captures it alone: a call through it borrows these objects,
/// where reaching them through a weak reference to the server changed the server's reference
/// count, which both pool threads share, twice per request.
struct RepeatedAnswers: Sendable {
    let memo: AnswerMemo
    let readMemo: ReadAnswerMemo
    let scenarios: ScenarioBook
    /// The token store a remembered read asks where its token stands; nil when serve judges no token.
    let tokens: TokenStore?
    let journal: RequestJournal
    let logQueue: LogQueue?

    /// The server's `LineShortcut`: a remembered answer for a request line (and, for a read with
    /// its token in the line or a page, the `Host`), before the server has built the request;
    /// journaled and logged as any answer.
    func answer(to line: RequestLine, host: () -> String?) -> PreparedResponse? {
        let began = ContinuousClock.now
        if let remembered = memo.answer(to: line, isCurrent: { isCurrent($0, at: began) }), let prepared = remembered.response.prepared {
            note(remembered.exchange, logged: remembered.logged, began: began, delay: 0)
            return prepared
        }
        guard readMemo.count > 0,
            let remembered = readMemo.answer(to: ReadAnswerMemo.Key(line: line, host: host()), isCurrent: { isCurrent($0, at: began) }),
            let prepared = remembered.response.prepared
        else { return nil }
        note(remembered.exchange, logged: remembered.logged, began: began, delay: 0)
        return prepared
    }

    /// Whether what a remembered answer was made from still holds at `now`.
    func isCurrent(_ stamp: AnswerMemo.Stamp, at now: ContinuousClock.Instant) -> Bool {
        stamp.scenarioGeneration == scenarios.generation && stamp.body.currentVersion(at: now) == stamp.bodyVersion
    }

    /// Whether what a remembered read was made from still holds at `now`: the mock and the
    /// scenario book as they were, and the token where it stood (asked of the store, which also
    /// notices a lifetime run out).
    func isCurrent(_ stamp: ReadAnswerMemo.Stamp, at now: ContinuousClock.Instant) -> Bool {
        guard isCurrent(stamp.answer, at: now) else { return false }
        guard let token = stamp.token else { return true }
        return tokens?.state(of: token.value) == token.state
    }

    /// The journal's entry and the log's line of an answer begun at `began`.
    func note(_ exchange: RequestJournal.Exchange?, logged: String?, began: ContinuousClock.Instant, delay: Double) {
        let milliseconds = Double((ContinuousClock.now - began) / .nanoseconds(1)) / 1_000_000
        if let exchange { journal.append(RequestJournal.Entry(exchange: exchange, arrived: began, milliseconds: milliseconds)) }
        if let logged { logQueue?.append(logged, milliseconds: milliseconds, delay: Int(delay * 1000)) }
    }
}
