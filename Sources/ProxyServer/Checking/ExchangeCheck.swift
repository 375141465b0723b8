import APICheck
import Foundation
import HTTPServer
import MockServer

/// The checks one exchange through the proxy gets, by the same rules `live` applies to its own
/// calls: the request against the endpoint's parameters and typed body; the answer's status,
/// envelope or error shape, session signals, decoding into the type and drift against the mock.
/// An answer the API declares as an error (its envelope's failure code, its error shape, a dead
/// token, a forced logout) is an outcome, not a finding: apps get those every day.
/// Package-visible so that apicheck-bench measures the proxy's own checks.
package struct ExchangeCheck: Sendable {
    let api: API
    let mocks: MockDirectory?
    let redactor: Redactor
    /// Decoded bodies past this are passed on unchecked.
    let cap: Int
    /// Each endpoint's answer rules by its id, worked out once: every answer is read by them.
    let rules: [String: AnswerRules]
    /// The media types each endpoint declares, by its id, where it declares any.
    let mediaTypes: [String: [MediaType]]

    package init(api: API, mocks: MockDirectory?, redactor: Redactor, cap: Int) {
        self.api = api
        self.mocks = mocks
        self.redactor = redactor
        self.cap = cap
        rules = Dictionary(api.endpoints.map { ($0.id, api.rules(for: $0)) }, uniquingKeysWith: { first, _ in first })
        mediaTypes = Dictionary(
            api.endpoints.map { ($0.id, $0.declaredMediaTypes) }.filter { !$1.isEmpty }, uniquingKeysWith: { first, _ in first })
    }

    func request(_ request: ServerRequest, to endpoint: AnyEndpoint, pathValues: [(name: String, value: String)]) -> [Finding] {
        // A compressed body is checked as the JSON it carries; one that cannot be read is not
        // checked at all, since its fields would all look missing.
        let readable: ServerRequest
        switch RequestBodyDecoding.decode(request, cap: cap) {
        case let .plain(decoded):
            readable = decoded
        case let .unreadable(coding):
            return [
                Finding(
                    kind: .unchecked, severity: .info, endpoint: endpoint.id,
                    message: "a request body in Content-Encoding \(coding) passed on unchecked: "
                        + "the proxy reads \(ContentDecoding.readable)")
            ]
        case let .broken(reason):
            return [
                Finding(
                    kind: .invalidRequest, severity: .error, endpoint: endpoint.id, path: JSONPath.root.appending("(body)"),
                    message: "the app's request: \(reason)")
            ]
        case let .tooLarge(reason):
            return [
                Finding(
                    kind: .unchecked, severity: .info, endpoint: endpoint.id,
                    message: "a request body passed on unchecked: \(reason) (--max-body)")
            ]
        }
        let (problems, _) = RequestValidator(endpoint: endpoint, dates: api.dates).validate(readable, pathValues: pathValues)
        return problems.map { problem in
            // A typed body's fault is at its own JSONPath, a flat body parameter at its name.
            var finding = Finding(
                kind: .invalidRequest, severity: .error, endpoint: endpoint.id,
                path: problem.location == "body" ? problem.path ?? JSONPath.root.appending(problem.name) : nil,
                message: "the app's request: \(problem.text)")
            // A parameter outside the body is at its place and name (`query.limit`): findings
            // are grouped by where they are, and two parameters' faults are two findings.
            if problem.location != "body" { finding.path = "\(problem.location).\(problem.name)" }
            return finding
        }
    }

    /// What one answer came to: how it classified (the coverage's outcome), what is wrong with
    /// it, and, for a success, its document and whether the mocks already cover its shape.
    package struct AnswerVerdict {
        package var outcome: String
        package var findings: [Finding]
        var success: (document: JSONValue, covered: Bool)?
        /// A success of an endpoint that declares paging: the page, for the checks across pages.
        var page: ObservedPage?
    }

    /// `accept`: the request's `Accept`. A client that asked for another type than JSON (a DAG's
    /// source as `text/plain`, where the document offers both) gets what it asked for: its answer
    /// is no JSON answer to judge.
    package func answer(_ response: HTTPResponse, to endpoint: AnyEndpoint, method: String, accept: String? = nil) -> AnswerVerdict {
        let status = response.status
        // Interim, not-modified and redirect answers carry no payload to judge.
        if status < 200 || (300..<400).contains(status) {
            return AnswerVerdict(outcome: "HTTP \(status)", findings: [])
        }
        if method == "HEAD" { return headAnswer(response, to: endpoint) }
        if status == 204, endpoint.acceptsEmptyBody {
            // A success like any other (a DELETE's), though it has no body to judge.
            let findings = endpoint.succeeds(with: status) ? [] : [Finding.undeclaredSuccessStatus(status, of: endpoint)]
            return AnswerVerdict(outcome: "success", findings: findings)
        }
        let endpointRules = rules[endpoint.id] ?? api.rules(for: endpoint)
        if endpointRules.takesBytes(contentType: response.contentType), endpointRules.isSuccess(status: status) {
            return bytesAnswer(response, to: endpoint)
        }
        // An endpoint that asks for JSON by name (`Accept` declared: the import's mark of an answer
        // the server also offers as text) may get its other type by a client that does not name
        // JSON (`*/*`, curl's and most libraries' default): the server chose as it may. A client
        // that weighs another type above JSON (a browser's `text/html, */*;q=0.8`) asked for that.
        let declared = mediaTypes[endpoint.id] ?? []
        let answered = response.contentType.flatMap(MediaType.init)
        let asksForJSON = Self.asksForJSON(accept, declared: declared)
        // An error in the type the endpoint declares for it (Phoenix's `text/plain` 401) is the
        // answer the contract promises, whatever the client asked for: judged, never in a JSON shape.
        let inDeclaredErrorType = endpoint.answersInDeclaredErrorType(status, answered)
        if !inDeclaredErrorType, answered?.isJSON != true, !asksForJSON || (Self.negotiates(endpoint) && !Self.namesJSON(accept)) {
            let asked = accept.map { "\($0.prefix(120)) (Accept)" } ?? "no type (no Accept)"
            return AnswerVerdict(
                outcome: "unchecked",
                findings: [
                    Finding(
                        kind: .unchecked, severity: .info, endpoint: endpoint.id,
                        message: "the client asked for \(asked), not JSON \(asksForJSON ? "by name" : "first"): its answer in "
                            + "\(response.contentType ?? "no Content-Type") passed on unchecked")
                ])
        }
        // A success in a JSON type of its own (`application/ld+json` where `application/geo+json`
        // is declared) is another document than the declared one, which its type does not describe.
        var findings: [Finding] = []
        if (200..<300).contains(status), let answered, answered.isJSON, !declared.isEmpty, !declared.contains(answered) {
            if answered.hasJSONSuffix {
                return AnswerVerdict(
                    outcome: "unchecked",
                    findings: [
                        Finding(
                            kind: .unchecked, severity: .info, endpoint: endpoint.id,
                            message: "an answer in \(answered), which the endpoint does not declare (it declares "
                                + "\(declared.map(\.essence).joined(separator: " or "))), passed on unchecked")
                    ])
            }
            findings.append(.undeclaredMediaType(answered, of: endpoint, declared: declared))
        }
        let body: Data
        switch ContentDecoding.decode(response.body, encoding: response.header("Content-Encoding"), cap: cap) {
        case let .plain(data):
            body = data
        case let .unreadable(coding):
            return AnswerVerdict(
                outcome: "unchecked",
                findings: [
                    Finding(
                        kind: .unchecked, severity: .info, endpoint: endpoint.id,
                        message: "an answer in Content-Encoding \(coding) passed on unchecked: the proxy reads \(ContentDecoding.readable)")
                ])
        case let .broken(reason), let .tooLarge(reason):
            return AnswerVerdict(
                outcome: "unchecked", findings: [Finding(kind: .unchecked, severity: .warning, endpoint: endpoint.id, message: reason)])
        }
        let interpretation = Interpretation(
            endpoint: endpoint, status: status, contentType: response.contentType, body: body,
            source: nil, api: api, rules: rules[endpoint.id] ?? api.rules(for: endpoint), redactor: redactor)
        var outcome = interpretation.classification.name
        // An error status the API gives no shape for is named by its status: the classification's
        // name would be a finding kind's (`http-status`), though no finding is made of it.
        if case let .broken(.http(status, _, _)) = interpretation.classification { outcome = "HTTP \(status)" }
        var success: (document: JSONValue, covered: Bool)?
        switch interpretation.classification {
        case .success:
            if !endpoint.succeeds(with: status) {
                findings.append(.undeclaredSuccessStatus(status, of: endpoint))
            }
            if let error = interpretation.error { findings.append(Finding(error)) }
            if let document = interpretation.document {
                var covered = false
                if let mocks, case let .success(baseline) = mocks.baseline(for: endpoint) {
                    var drift = DriftCheck.findings(
                        endpoint, document: document, interpretation: interpretation, baseline: baseline, api: api)
                    if let paging = endpoint.paging { drift.removeAll(where: paging.isPageEnd) }
                    findings += drift
                    covered = drift.isEmpty
                }
                success = (document, covered)
            }
        case .failure, .forcedLogout, .tokenExpired:
            break
        case let .broken(reason):
            if (200..<300).contains(status) {
                findings.append(Finding(APIError(endpoint: endpoint.id, reason: reason)))
            } else if api.errors != nil, status < 500, !inDeclaredErrorType {
                // The API declares its error shape, and this error answer is not in it.
                findings.append(
                    Finding(
                        kind: .httpStatus, severity: .warning, endpoint: endpoint.id,
                        expected: "an error in the declared shape", found: "HTTP \(status)",
                        message: "HTTP \(status) answered outside the API's declared error shape: "
                            + redactor.snippet(of: body)))
            }
        }
        // A server error is no answer the contract promises, whatever the API's error shape
        // (a FastAPI app declares none): found, unless an error check declares that status.
        if status >= 500, !findings.contains(where: { $0.kind == .httpStatus }),
            !endpoint.errorChecks.contains(where: { $0.status == status })
        {
            findings.append(
                Finding(
                    kind: .httpStatus, severity: .error, endpoint: endpoint.id, expected: endpoint.successStatusText,
                    found: "HTTP \(status)", message: "the server failed with HTTP \(status): " + redactor.snippet(of: body)))
        }
        return AnswerVerdict(outcome: outcome, findings: findings, success: success)
    }

    /// Whether the endpoint asks for its JSON type by name: its answer depends on the `Accept` a
    /// client sends, which no memo of the answer alone may stand for.
    package static func negotiates(_ endpoint: AnyEndpoint) -> Bool {
        endpoint.parameters.contains { $0.location == .header && $0.name.lowercased() == "accept" }
    }

    /// Whether a client with this `Accept` asked for JSON: JSON weighs no less than any other type
    /// it names. No `Accept` takes anything.
    package static func asksForJSON(_ accept: String?, declared: [MediaType] = []) -> Bool {
        accept.map { AcceptHeader($0).prefersJSON(declared: declared) } ?? true
    }

    /// Whether an `Accept` names a JSON type itself, with a weight: `*/*` leaves the choice to the server.
    static func namesJSON(_ accept: String?) -> Bool {
        guard let accept else { return false }
        return AcceptHeader(accept).ranges.contains { $0.type.isJSON && $0.quality > 0 }
    }
}
