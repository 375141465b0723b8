import Foundation
import HTTPServer

/// What a remembered answer needs when it is given again, and what every answer gets: whether
/// what it was made from still holds, its journal entry and its log line. A value of its own so
/// that the server's line shortcut captures it alone: a call through it borrows these objects,
/// where reaching them through a weak reference to the server changed the server's reference
/// count, which both pool threads share, twice per request.
struct RepeatedAnswers: Sendable {
    let memo: AnswerMemo
    let scenarios: ScenarioBook
    let journal: RequestJournal
    let logQueue: LogQueue?

    /// The server's `LineShortcut`: a remembered answer for a request line, before the server
    /// has built the request; journaled and logged as any answer.
    func answer(to line: RequestLine) -> PreparedResponse? {
        let began = ContinuousClock.now
        guard let remembered = memo.answer(to: line, isCurrent: { isCurrent($0, at: began) }),
            let prepared = remembered.response.prepared
        else { return nil }
        note(remembered.exchange, logged: remembered.logged, began: began, delay: 0)
        return prepared
    }

    /// Whether what a remembered answer was made from still holds at `now`.
    func isCurrent(_ stamp: AnswerMemo.Stamp, at now: ContinuousClock.Instant) -> Bool {
        stamp.scenarioGeneration == scenarios.generation && stamp.body.currentVersion(at: now) == stamp.bodyVersion
    }

    /// The journal's entry and the log's line of an answer begun at `began`.
    func note(_ exchange: RequestJournal.Exchange?, logged: String?, began: ContinuousClock.Instant, delay: Double) {
        let milliseconds = Double((ContinuousClock.now - began) / .nanoseconds(1)) / 1_000_000
        if let exchange { journal.append(RequestJournal.Entry(exchange: exchange, arrived: began, milliseconds: milliseconds)) }
        if let logged { logQueue?.append(logged, milliseconds: milliseconds, delay: Int(delay * 1000)) }
    }
}
