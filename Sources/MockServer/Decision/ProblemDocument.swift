import APICheck
import Foundation
import HTTPServer

/// An `application/problem+json` answer (RFC 9457): what every refusal of the mock server is, so
/// a client or a person reads why in one shape.
public struct ProblemDocument: Error, Sendable {
    public var status: Int
    public var title: String
    public var detail: String
    /// Members beyond the standard ones (`invalid-params`, `closest`, `known`).
    var extra: [(key: String, value: JSONValue)] = []
    var headers: [(name: String, value: String)] = []

    public init(
        status: Int, title: String, detail: String, extra: [(key: String, value: JSONValue)] = [],
        headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
        self.headers = headers
    }

    public var response: ServerResponse {
        let members: [(key: String, value: JSONValue)] =
            [
                ("type", .string("about:blank")), ("title", .string(title)), ("status", .number(String(status))),
                ("detail", .string(detail)),
            ] + extra
        return ServerResponse(
            status: status, headers: [("Content-Type", "application/problem+json")] + headers,
            body: Data(JSONValue.object(members).compactText.utf8))
    }

    /// The document as `serve` words its refusals (`RefusalStyle`).
    func response(_ style: RefusalStyle) -> ServerResponse { style.response(self) }

    /// The refusal in the API's declared error shape, so an app's error handling sees what the
    /// real server would send: the title as a snake-case code (`invalid_request`), the detail as
    /// the message. problem+json when the API declares no shape, or declares problem+json.
    /// `like` is one of the API's own error answers, which the body follows (a numeric code, the
    /// members every error of the API carries).
    public func response(in shape: ErrorShape?, like example: (document: JSONValue, status: Int)? = nil) -> ServerResponse {
        guard let shape, shape != .problemJSON else { return response }
        let code = title.lowercased().split(separator: " ").joined(separator: "_")
        return ServerResponse(
            status: status, headers: [("Content-Type", shape.contentType)] + headers,
            body: Data(
                shape.body(
                    code: shape.ownCode(code, status: status, like: example), message: detail, status: status,
                    like: example
                ).compactText.utf8))
    }

    /// A refusal of a request `endpoint` takes: in the media type the endpoint declares for its
    /// status where that is not JSON (`AnyEndpoint.errorMediaTypes`), the detail as the whole
    /// body, as its server words such an error (Phoenix's `text/plain` 422); else as above.
    public func response(in shape: ErrorShape?, for endpoint: AnyEndpoint, like example: (document: JSONValue, status: Int)? = nil)
        -> ServerResponse
    {
        guard let type = endpoint.errorMediaTypes[status], !type.isJSON else { return response(in: shape, like: example) }
        return ServerResponse(status: status, headers: [("Content-Type", type.essence)] + headers, body: Data(detail.utf8))
    }

    static func invalidPreference(_ detail: String) -> ProblemDocument {
        ProblemDocument(status: 400, title: "Invalid preference", detail: detail)
    }

    public static func invalid(_ endpoint: AnyEndpoint, _ problems: [ValidationProblem]) -> ProblemDocument {
        ProblemDocument(
            status: 400, title: "Invalid request",
            detail: "\(endpoint.id): " + problems.map(\.text).joined(separator: "; "),
            extra: [("endpoint", .string(endpoint.id)), ("invalid-params", .array(problems.map(\.json)))])
    }

    /// A request body in a coding serve does not read (RFC 9110, 15.5.16): 415, with the
    /// codings it does read in `Accept-Encoding`.
    static func unreadableCoding(_ coding: String) -> ProblemDocument {
        ProblemDocument(
            status: 415, title: "Unsupported content coding",
            detail: "the request body is in Content-Encoding \(coding); serve reads \(ContentDecoding.readable)",
            headers: [("Accept-Encoding", ContentDecoding.readable)])
    }

    static func notFound(method: String, path: String, note: String?, closest: [String]) -> ProblemDocument {
        ProblemDocument(
            status: 404, title: "No such route",
            detail: "no declared endpoint answers \(method) \(path)" + (note.map { " (\($0))" } ?? "")
                + (closest.isEmpty ? "" : "; closest: " + closest.joined(separator: ", ")),
            extra: [("closest", .array(closest.map(JSONValue.string)))])
    }

    static func wrongMethod(method: String, path: String, allowed: [String]) -> ProblemDocument {
        ProblemDocument(
            status: 405, title: "Method not allowed",
            detail: "\(path) answers \(allowed.joined(separator: ", ")), not \(method)",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    static func unknownScenario(_ scenario: ScenarioName, of endpoint: String, known: [ScenarioName]) -> ProblemDocument {
        ProblemDocument(
            status: 400, title: "Unknown scenario",
            detail: "\(endpoint) has no scenario '\(scenario)'; known: \(known.map(\.rawValue).joined(separator: ", "))",
            extra: [("endpoint", .string(endpoint)), ("known", .array(known.map { .string($0.rawValue) }))])
    }
}
