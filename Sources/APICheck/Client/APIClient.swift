import Foundation

/// Calls declared endpoints: validates the values, builds the request, adds the token, sends it
/// through a transport, classifies the envelope and decodes the payload. On a forced logout or a
/// dead token it tells the session's observers, then throws.
///
/// The same client runs in an app's tests over `MockTransport` and in `apicheck live` over libcurl.
public final class APIClient: Sendable {
    public let api: API
    public let baseURL: URL
    public let transport: any Transport
    public let session: Session
    public let redactor: Redactor
    /// Receives a request/response trace, secrets redacted (`--verbose`).
    public let trace: (@Sendable (String) -> Void)?
    private let builder: RequestBuilder
    /// The API's secret names, worked out once: every call consults them.
    private let redactedFields: Set<String>
    /// HTTP statuses that may mean the session ended, which the fast path leaves to the full one.
    private let signalStatuses: Set<Int>

    public init(api: API, baseURL: URL = URL(string: "http://mock.invalid/")!, transport: any Transport,
                session: Session = Session(), redactor: Redactor? = nil, trace: (@Sendable (String) -> Void)? = nil) {
        self.api = api
        self.baseURL = baseURL
        self.transport = transport
        self.session = session
        self.redactor = redactor ?? api.makeRedactor()
        // Every trace line is redacted and made safe to print here, whatever built it.
        let redactor = self.redactor
        self.trace = trace.map { sink in { @Sendable line in sink(redactor.traceText(line)) } }
        self.builder = RequestBuilder(api: api, baseURL: baseURL)
        self.redactedFields = api.redactedFields
        self.signalStatuses = Set((api.expired + api.logout).compactMap(\.status)).union(api.envelope?.expiredHTTPStatuses ?? [])
    }

    /// Calls `endpoint` and returns its decoded payload, or throws `APIError`. `body` is a value of
    /// the endpoint's typed request body (`Endpoint(body:)`).
    public func send<Response>(_ endpoint: Endpoint<Response>, _ values: [String: ParameterValue] = [:],
                               body: (any Sendable)? = nil, token: TokenChoice = .session) async throws -> Response {
        try await send(endpoint.erased, values, body: body, token: token) as! Response
    }

    /// The type-erased form of `send`, for callers that hold an `AnyEndpoint`.
    public func send(_ endpoint: AnyEndpoint, _ values: [String: ParameterValue] = [:],
                     body: (any Sendable)? = nil, token: TokenChoice = .session) async throws -> any Sendable {
        let exchange = try await self.exchange(endpoint, values, body: body, token: token)
        let response = exchange.response
        let notifies = token == .session && endpoint.requiresToken
        // The fast path takes plain successes; anything else (a failure, a session signal, an empty
        // body) goes through the full classification, so both say the same thing.
        if (200..<300).contains(response.status), !isSignal(response.status, endpoint),
           case let .payload(value)? = try? endpoint.fastDecode(response.body, api.envelope(for: endpoint), api.dates) {
            applySessionEffect(endpoint, exchange)
            return value
        }
        let interpretation = interpret(exchange, endpoint)
        if let value = interpretation.value {
            applySessionEffect(endpoint, exchange)
            return value
        }
        if let error = interpretation.error, case .decoding = error.reason { throw error }
        throw fail(interpretation.classification, endpoint, exchange, notifies: notifies)
    }

    /// Calls `endpoint` and returns everything that happened instead of throwing: what live checks
    /// judge. Session effects and observers work exactly as in `send`.
    public func call(_ endpoint: AnyEndpoint, _ values: [String: ParameterValue] = [:],
                     body: (any Sendable)? = nil, token: TokenChoice = .session) async -> CallOutcome {
        let exchange: Exchange
        do {
            exchange = try await self.exchange(endpoint, values, body: body, token: token)
        } catch {
            return CallOutcome(exchange: nil, interpretation: nil, error: error)
        }
        let interpretation = interpret(exchange, endpoint)
        if interpretation.value != nil {
            applySessionEffect(endpoint, exchange)
        } else if token == .session && endpoint.requiresToken {
            notifyIfSessionEnded(interpretation.classification, endpoint, exchange)
        }
        return CallOutcome(exchange: exchange, interpretation: interpretation, error: interpretation.error)
    }

    /// Whether a 2xx status alone means the token is dead for this endpoint.
    private func isSignal(_ status: Int, _ endpoint: AnyEndpoint) -> Bool {
        guard endpoint.requiresToken else { return false }
        return signalStatuses.contains(status)
    }

    private func interpret(_ exchange: Exchange, _ endpoint: AnyEndpoint) -> Interpretation {
        Interpretation(endpoint: endpoint, status: exchange.response.status, contentType: exchange.response.contentType,
                       body: exchange.response.body, source: exchange.source, api: api, redactor: redactor)
    }

    /// Builds and sends the request without interpreting the answer. Throws `APIError` for an
    /// invalid request (nothing sent) or when no answer came.
    public func exchange(_ endpoint: AnyEndpoint, _ values: [String: ParameterValue] = [:],
                         body: (any Sendable)? = nil, token: TokenChoice = .session) async throws(APIError) -> Exchange {
        let tokenValue: String?
        switch token {
        case .session: tokenValue = session.token
        case .withoutToken: tokenValue = nil
        case let .explicit(value): tokenValue = value
        }
        if let tokenValue { redactor.register(tokenValue) }
        for parameter in endpoint.sampledValues where parameter.secret || redactedFields.contains(parameter.name) {
            if let value = values[parameter.name] {
                // As given, and as it appears percent-encoded in a URL.
                redactor.register(value.text)
                redactor.register(RequestBuilder.escape(value.text))
            }
        }
        let request = try builder.request(for: endpoint, values, body: body, token: tokenValue)
        trace?(traceLine(request))
        do {
            let response = try await transport.send(request)
            let issued = endpoint.sessionEffect == .logsIn ? issuedToken(endpoint, body: response.body) : nil
            trace?(traceLine(response, for: request))
            let source = response.source ?? Redactor.withoutQuery(request.url)
            return Exchange(request: request, response: response, source: source, issuedToken: issued, sentToken: tokenValue)
        } catch let error as TransportError {
            trace?("← \(endpoint.id): \(redactor.redact(error.description))")
            throw APIError(endpoint: endpoint.id, reason: .transport(error), source: Redactor.withoutQuery(request.url))
        } catch is CancellationError {
            throw APIError(endpoint: endpoint.id, reason: .transport(TransportError(.other, "cancelled")))
        } catch {
            throw APIError(endpoint: endpoint.id, reason: .transport(TransportError(.other, redactor.redact("\(error)"))),
                           source: Redactor.withoutQuery(request.url))
        }
    }

    private func fail(_ classification: Classification, _ endpoint: AnyEndpoint, _ exchange: Exchange, notifies: Bool) -> APIError {
        if notifies { notifyIfSessionEnded(classification, endpoint, exchange) }
        return classification.error(endpoint: endpoint.id, source: exchange.source)
            ?? APIError(endpoint: endpoint.id, reason: .envelopeMalformed(DecodingFailure(path: .root, expected: "an answer", found: "none")))
    }

    /// Tells the observers when the answer ended the session: the app's "go to login" hook.
    private func notifyIfSessionEnded(_ classification: Classification, _ endpoint: AnyEndpoint, _ exchange: Exchange) {
        switch classification {
        case let .logout(_, message):
            session.notify(.forcedLogout(endpoint: endpoint.id, message: message), sentToken: exchange.sentToken)
        case .tokenExpired:
            session.notify(.tokenExpired(endpoint: endpoint.id), sentToken: exchange.sentToken)
        default:
            break
        }
    }

    private func applySessionEffect(_ endpoint: AnyEndpoint, _ exchange: Exchange) {
        switch endpoint.sessionEffect {
        case .keepsSession:
            break
        case .logsIn:
            guard let issuedToken = exchange.issuedToken else { return }
            session.token = issuedToken
            session.notify(.loggedIn(endpoint: endpoint.id))
        case .logsOut:
            // Only the session's own token ends the session; a logout of another token does not.
            session.notify(.loggedOut(endpoint: endpoint.id), sentToken: exchange.sentToken ?? "")
        }
    }

    /// The token in a login's answer, registered with the redactor before anything prints the answer.
    private func issuedToken(_ endpoint: AnyEndpoint, body: Data) -> String? {
        guard let document = try? JSONParser.parse(body) else { return nil }
        let payload = api.envelope(for: endpoint)?.payloadPath.map { document.value(at: $0) } ?? document
        guard let payload, let token = api.auth.token(in: payload) else { return nil }
        redactor.register(token)
        return token
    }

    private func traceLine(_ request: HTTPRequest) -> String {
        var lines = ["→ \(request.method) \(redactor.display(request.url))"]
        for header in request.headers {
            let value = redactor.isSecretHeader(header.name) ? Redactor.mask : DisplayText.escaped(redactor.redact(header.value))
            lines.append("    \(DisplayText.escaped(header.name)): \(value)")
        }
        if let body = request.body { lines.append("    " + redactor.snippet(of: body, limit: 400)) }
        return lines.joined(separator: "\n")
    }

    private func traceLine(_ response: HTTPResponse, for request: HTTPRequest) -> String {
        let millis = Int((response.timings.total * 1000).rounded())
        return "← \(response.status) \(request.endpointID ?? "") \(DisplayText.escaped(redactor.redact(response.contentType ?? "-"))) \(response.body.count) bytes \(millis) ms\n    "
            + redactor.snippet(of: response.body, limit: 400)
    }
}
