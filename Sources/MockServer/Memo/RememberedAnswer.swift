import HTTPServer

/// An answer a memo keeps (`AnswerMemo`, `ReadAnswerMemo`), with what it was made from. A class:
/// taken out of the table on every hit, where a struct of strings and arrays would be copied field
/// by field.
final class RememberedAnswer<Stamp: Sendable>: Sendable {
    let response: ServerResponse
    let stamp: Stamp
    /// The answer's log line up to its milliseconds, when serve logs: the same for the same request.
    let logged: String?
    /// What the journal keeps of the exchange (endpoint, scenario, status...): the same for the
    /// same request, so every entry it makes shares it.
    let exchange: RequestJournal.Exchange

    init(response: ServerResponse, stamp: Stamp, logged: String?, exchange: RequestJournal.Exchange) {
        self.response = response
        self.stamp = stamp
        self.logged = logged
        self.exchange = exchange
    }
}
