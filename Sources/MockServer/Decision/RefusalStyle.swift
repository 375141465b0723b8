import APICheck
import HTTPServer

/// How `serve` words its own refusals (a route it does not know, a bad request, an unknown
/// scenario, wrong credentials) and the signals it makes up: in the API's declared error shape,
/// like one of the API's own error answers when the mocks hold one, so that a client parses them
/// as it parses the server's.
struct RefusalStyle: Sendable {
    let errors: ErrorShape?
    /// One of the API's own error answers, which refusals follow (`ErrorShape.body`).
    let example: (document: JSONValue, status: Int)?

    func response(_ problem: ProblemDocument) -> ServerResponse {
        problem.response(in: errors, like: example)
    }

    /// A refusal of a request `endpoint` takes, in the media type it declares for the status.
    func response(_ problem: ProblemDocument, for endpoint: AnyEndpoint) -> ServerResponse {
        problem.response(in: errors, for: endpoint, like: example)
    }
}
