import Foundation

/// What `record` keeps of one exchange of its run until the mocks are written: the answer's
/// status and body, how it was classified, and the tokens in play. Not the request or the answer's
/// headers: 20,000 whole exchanges were the largest thing a big recording held.
struct RecordedAnswer: Sendable {
    var step: Int
    var endpoint: String
    var role: LiveExchange.Role
    var classification: Classification?
    var status: Int
    var body: Data
    var issuedToken: String?
    var sentToken: String?
    /// A mock file answered (a run over the mock transport): the same whatever was asked.
    var isReplayed: Bool
    /// Where a redirect the endpoint declares as its answer points: its mock holds it.
    var location: String?
    /// The headers the endpoint declares the app reads (`answering(headers:)`), as they came; nil
    /// when it declares none.
    var headers: [(name: String, value: String)]?

    init(_ exchange: LiveExchange) {
        isReplayed = exchange.response.isReplayed
        step = exchange.step
        endpoint = exchange.endpoint.id
        role = exchange.role
        classification = exchange.classification
        status = exchange.response.status
        body = exchange.response.body
        issuedToken = exchange.issuedToken
        sentToken = exchange.sentToken
        if exchange.endpoint.redirectStatuses.contains(status) { location = exchange.response.header("Location") }
        let declared = exchange.endpoint.answerHeaders
        if !declared.isEmpty { headers = declared.compactMap { name in exchange.response.header(name).map { (name, $0) } } }
    }
}
