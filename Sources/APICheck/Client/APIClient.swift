import Foundation

/// Calls declared endpoints: validates the values, builds the request, adds the token, sends it
/// through a transport, classifies the envelope and decodes the payload. A dead token is renewed
/// when the API declares refresh (one refresh however many requests found it dead, then each
/// retries once); on a forced logout, or a dead token that could not be renewed, it tells the
/// session's observers, then throws.
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
    /// How dead tokens are renewed and the endpoint that renews them, when the API declares refresh.
    let refresh: (policy: RefreshPolicy, endpoint: AnyEndpoint)?
    /// One refresh at a time per dead token.
    let refresher = TokenRefresher()
    /// What each answer means for the session's token.
    let lifecycle: TokenLifecycle
    /// The CSRF tokens unsafe requests carry, where the API declares them.
    let csrfTokens = CSRFTokens()

    public init(
        api: API, baseURL: URL = URL(string: "http://mock.invalid/")!, transport: any Transport,
        session: Session = Session(), redactor: Redactor? = nil, trace: (@Sendable (String) -> Void)? = nil
    ) {
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
        self.signalStatuses = Set((api.expired + api.forcedLogout).compactMap(\.status)).union(api.envelope?.expiredHTTPStatuses ?? [])
        self.refresh = api.auth.refresh.flatMap { policy in api.endpoint(policy.endpoint).map { (policy, $0) } }
        self.lifecycle = api.tokenLifecycle
    }

    /// Calls `endpoint` and returns its decoded payload, or throws `APIError`. `body` is a value of
    /// the endpoint's typed request body (`Endpoint(body:)`).
    public func send<Response>(
        _ endpoint: Endpoint<Response>, _ values: [String: ParameterValue] = [:],
        body: (any Sendable)? = nil, token: TokenChoice = .session
    ) async throws -> Response {
        try await send(endpoint.erased, values, body: body, token: token) as! Response
    }

    /// The type-erased form of `send`, for callers that hold an `AnyEndpoint`.
    public func send(
        _ endpoint: AnyEndpoint, _ values: [String: ParameterValue] = [:],
        body: (any Sendable)? = nil, token: TokenChoice = .session
    ) async throws -> any Sendable {
        let exchange = try await self.exchange(endpoint, values, body: body, token: token)
        if let value = fastValue(endpoint, exchange) { return value }
        let interpretation = interpret(exchange, endpoint)
        guard renews(interpretation.classification, endpoint, token: token), let dead = exchange.sentToken else {
            return try finish(endpoint, exchange, interpretation, token: token)
        }
        switch try await retryAfterRefresh(endpoint, values, body: body, dead: dead) {
        case let .retried(retry):
            if let value = fastValue(endpoint, retry) { return value }
            return try finish(endpoint, retry, interpret(retry, endpoint), token: token)
        case .ended:
            throw interpretation.error
                ?? APIError(endpoint: endpoint.id, reason: .tokenExpired(status: exchange.response.status, code: nil))
        case let .unavailable(error):
            throw error
        }
    }

    /// The decoded payload of a plain success, by the fast path; nil for anything else (a failure,
    /// a session signal, an empty body), which the full classification takes, so both say the same.
    private func fastValue(_ endpoint: AnyEndpoint, _ exchange: Exchange) -> (any Sendable)? {
        let response = exchange.response
        guard (200..<300).contains(response.status), !isSignal(response.status, endpoint),
            case let .payload(value)? = try? endpoint.fastDecode(response.body, api.envelope(for: endpoint), api.dates)
        else { return nil }
        applySessionEffect(endpoint, exchange)
        return value
    }

    private func finish(
        _ endpoint: AnyEndpoint, _ exchange: Exchange, _ interpretation: Interpretation,
        token: TokenChoice
    ) throws -> any Sendable {
        if let value = interpretation.value {
            applySessionEffect(endpoint, exchange)
            return value
        }
        if let error = interpretation.error, case .decoding = error.reason { throw error }
        throw fail(interpretation.classification, endpoint, exchange, notifies: token == .session && endpoint.requiresToken)
    }

    /// Calls `endpoint` and returns everything that happened instead of throwing: what live checks
    /// judge. Session effects, refresh and observers work exactly as in `send`; after a refresh,
    /// the outcome is the retried call's.
    /// `url`, when given, is where the request goes instead of the endpoint's own URL: a next
    /// page that the server linked to.
    public func call(
        _ endpoint: AnyEndpoint, _ values: [String: ParameterValue] = [:],
        body: (any Sendable)? = nil, token: TokenChoice = .session, at url: URL? = nil
    ) async -> CallOutcome {
        let exchange: Exchange
        do {
            exchange = try await self.exchange(endpoint, values, body: body, token: token, at: url)
        } catch {
            return CallOutcome(exchange: nil, interpretation: nil, error: error)
        }
        let interpretation = interpret(exchange, endpoint)
        if renews(interpretation.classification, endpoint, token: token), let dead = exchange.sentToken {
            do {
                switch try await retryAfterRefresh(endpoint, values, body: body, dead: dead) {
                case let .retried(retry): return judged(endpoint, retry, interpret(retry, endpoint), token: token)
                case .ended: break
                case let .unavailable(error): return CallOutcome(exchange: exchange, interpretation: interpretation, error: error)
                }
            } catch {
                return CallOutcome(exchange: exchange, interpretation: interpretation, error: error)
            }
            return CallOutcome(exchange: exchange, interpretation: interpretation, error: interpretation.error)
        }
        return judged(endpoint, exchange, interpretation, token: token)
    }

    private func judged(_ endpoint: AnyEndpoint, _ exchange: Exchange, _ interpretation: Interpretation, token: TokenChoice) -> CallOutcome
    {
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

    func interpret(_ exchange: Exchange, _ endpoint: AnyEndpoint) -> Interpretation {
        Interpretation(
            endpoint: endpoint, status: exchange.response.status, contentType: exchange.response.contentType,
            body: exchange.response.body, source: exchange.source, api: api, redactor: redactor)
    }

    /// Builds and sends the request without interpreting the answer. Throws `APIError` for an
    /// invalid request (nothing sent) or when no answer came.
    public func exchange(
        _ endpoint: AnyEndpoint, _ values: [String: ParameterValue] = [:],
        body: (any Sendable)? = nil, token: TokenChoice = .session, at url: URL? = nil
    ) async throws(APIError) -> Exchange {
        let tokenValue: String?
        let basicLogin = api.auth.sendsBasicCredentials(endpoint)
        switch token {
        // A Basic login sends the credentials it is given, never the session's token as them.
        case .session: tokenValue = basicLogin ? nil : session.token
        case .withoutToken: tokenValue = nil
        case let .explicit(value), let .fake(value): tokenValue = value
        }
        var shownToken: String?
        if case let .fake(value) = token {
            shownToken = value
        } else if let tokenValue {
            api.auth.secrets(of: tokenValue).forEach(redactor.register)
        }
        // A server may echo the password alone, and a trace shows the pair's parts.
        if basicLogin, let tokenValue, let (_, password) = AuthPolicy.basicParts(of: tokenValue) { redactor.register(password) }
        for parameter in endpoint.sampledValues where parameter.secret || redactedFields.contains(parameter.name) {
            if let value = values[parameter.name] {
                // As given, and as it appears percent-encoded in a URL.
                redactor.register(value.text)
                redactor.register(RequestBuilder.escape(value.text))
            }
        }
        var request = try builder.request(for: endpoint, values, body: body, token: tokenValue)
        if let url { request = builder.retargeted(request, to: url, endpoint: endpoint, token: tokenValue) }
        do {
            let (sent, response) = try await sendProtected(request, token: token, sending: tokenValue, shownToken: shownToken)
            request = sent
            let issued: (token: String?, refreshToken: String?) = issuesTokens(endpoint) ? issuedTokens(endpoint, response) : (nil, nil)
            watchCSRF(response, endpoint: endpoint, sentToken: tokenValue, issuedToken: issued.token)
            trace?(traceLine(response, for: request))
            return Exchange(
                request: request, response: response, issuedToken: issued.token,
                issuedRefreshToken: issued.refreshToken, sentToken: tokenValue)
        } catch let error as TransportError {
            trace?("← \(endpoint.id): \(redactor.redact(error.description))")
            throw APIError(endpoint: endpoint.id, reason: .transport(error), source: Redactor.withoutQuery(request.url))
        } catch is CancellationError {
            throw APIError(endpoint: endpoint.id, reason: .transport(TransportError(.other, "cancelled")))
        } catch {
            throw APIError(
                endpoint: endpoint.id, reason: .transport(TransportError(.other, redactor.redact("\(error)"))),
                source: Redactor.withoutQuery(request.url))
        }
    }

    private func fail(_ classification: Classification, _ endpoint: AnyEndpoint, _ exchange: Exchange, notifies: Bool) -> APIError {
        if notifies { notifyIfSessionEnded(classification, endpoint, exchange) }
        return classification.error(endpoint: endpoint.id, source: exchange.source)
            ?? APIError(
                endpoint: endpoint.id, reason: .envelopeMalformed(DecodingFailure(path: .root, expected: "an answer", found: "none")))
    }

    /// Tells the observers when the answer ended the session: the app's "go to login" hook.
    private func notifyIfSessionEnded(_ classification: Classification, _ endpoint: AnyEndpoint, _ exchange: Exchange) {
        switch classification {
        case let .forcedLogout(_, message):
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
            session.begin(token: issuedToken, refreshToken: exchange.issuedRefreshToken)
            session.notify(.loggedIn(endpoint: endpoint.id))
        case .logsOut:
            // Only the session's own token ends the session; a logout of another token does not.
            session.notify(.loggedOut(endpoint: endpoint.id), sentToken: exchange.sentToken ?? "")
        case .refreshes:
            // Called by the app itself: its tokens are the session's from now on; a server that
            // does not rotate sends no new refresh token, and the old one stays.
            guard let issuedToken = exchange.issuedToken else { return }
            session.begin(token: issuedToken, refreshToken: exchange.issuedRefreshToken ?? session.refreshToken)
            session.notify(.tokenRefreshed(endpoint: endpoint.id))
        }
    }

    /// Whether the endpoint's answers carry tokens for the session: a login's, a refresh's.
    private func issuesTokens(_ endpoint: AnyEndpoint) -> Bool {
        endpoint.sessionEffect == .logsIn || endpoint.sessionEffect == .refreshes
    }

    /// The tokens in a login's or refresh's answer (the session cookie it sets, or the payload's
    /// token; the refresh token where the refresh policy says), registered with the redactor
    /// before anything prints the answer.
    private func issuedTokens(_ endpoint: AnyEndpoint, _ response: HTTPResponse) -> (token: String?, refreshToken: String?) {
        let document = try? JSONParser.parse(response.body)
        let refreshToken = document.flatMap { api.auth.refresh?.refreshToken(in: $0) }
        let payload = document.flatMap { document in api.envelope(for: endpoint)?.payloadPath.map { document.value(at: $0) } ?? document }
        let token = api.auth.token(in: payload, headers: response.headers)
        for secret in [token, refreshToken].compactMap({ $0 }) { redactor.register(secret) }
        return (token, refreshToken)
    }

    /// `shownToken`, a token no server issued, shows where it is sent; every other credential header is masked.
    func traceLine(_ request: HTTPRequest, shownToken: String?) -> String {
        var lines = ["→ \(request.method) \(redactor.display(request.url))"]
        for header in request.headers {
            // Read with the one token reader, from this header alone.
            let carriesFake =
                shownToken.map { fake in
                    api.auth.placement.token(header: { HeaderName.same($0, header.name) ? header.value : nil }, query: { _ in nil }) == fake
                } ?? false
            let value =
                redactor.isSecretHeader(header.name) && !carriesFake ? Redactor.mask : DisplayText.escaped(redactor.redact(header.value))
            lines.append("    \(DisplayText.escaped(header.name)): \(value)")
        }
        if let body = request.body { lines.append("    " + redactor.snippet(of: body, limit: 400)) }
        return lines.joined(separator: "\n")
    }

    func traceLine(_ response: HTTPResponse, for request: HTTPRequest) -> String {
        let millis = Int((response.timings.total * 1000).rounded())
        return
            "← \(response.status) \(request.endpointID ?? "") \(DisplayText.escaped(redactor.redact(response.contentType ?? "-"))) \(response.body.count) bytes \(millis) ms\n    "
            + redactor.snippet(of: response.body, limit: 400)
    }
}
