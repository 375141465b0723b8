import Foundation

extension LiveCheck {
    /// A step's call, and the outcome it starts: every step that calls makes its result here, the
    /// one way (status, timings, the request as sent, how the answer classified, the raw exchange),
    /// then adds its own judgement of the call to it.
    /// `url`, when given, is where the request goes instead of the endpoint's own URL (a next page
    /// the server linked to).
    func call(
        _ step: LiveStep, _ values: [String: ParameterValue], token: String?,
        tokenVariable: String? = nil, fake: Bool = false, at url: URL? = nil
    ) async -> (StepOutcome, CallOutcome) {
        // The refresh token a probe sends is the probe's, as its access token would be.
        let refreshVariable = step.token.isRefreshToken && tokenVariable != nil ? tokenVariable : nil
        // The session's token as the variable a person already has: a token issued beforehand
        // is in its own (`$JUPYTER_TOKEN`), a login's in `$TOKEN`; Basic credentials are
        // `$BASIC_CREDENTIALS` in the request's record, which the command sends as `curl -u` of
        // the account's and password's variables (`SentRequest.basicVariables`).
        let basicLogin = api.auth.sendsBasicCredentials(step.endpoint) ? "BASIC_CREDENTIALS" : nil
        let tokenVariable = tokenVariable ?? basicLogin ?? (api.auth.loginEndpoint == nil ? api.auth.tokenVariable : nil) ?? "TOKEN"
        var result = CheckResult(step.action)
        result.traceparent = TraceContext.current
        var outcome = StepOutcome()
        let choice = token.map { fake ? TokenChoice.fake($0) : .explicit($0) } ?? .withoutToken
        let (call, busy) = await callSendingBusyAgain(step, values, token: choice, at: url)
        if !busy.isEmpty { result.findings.append(Self.busyNote(busy, endpoint: step.endpoint.id)) }
        if case let .transport(failure)? = call.error?.reason, failure.kind == .timeout { outcome.timedOut = true }
        if let exchange = call.exchange {
            outcome.answered = true
            result.status = exchange.response.status
            result.timings = exchange.response.timings
            result.requestPath = displayPath(exchange.request.url)
            result.request = sent(
                exchange, step.endpoint, values, tokenVariable: tokenVariable, refreshVariable: refreshVariable, fake: fake)
            outcome.exchange = LiveExchange(
                step: step.id, endpoint: step.endpoint, role: role(of: step, call.classification, exchange),
                request: exchange.request, response: exchange.response,
                classification: call.classification, issuedToken: exchange.issuedToken,
                sentToken: exchange.sentToken)
        }
        result.classification = call.classification.map(ClassificationSummary.init)
        outcome.result = result
        return (outcome, call)
    }

    private func role(of step: LiveStep, _ classification: Classification?, _ exchange: Exchange) -> LiveExchange.Role {
        switch step.action {
        case let .check(_, reported): .check(reported: reported)
        case .endSession, .preIssuedToken: .check(reported: false)
        case let .probe(probe, _):
            .probe(
                probe, expected: AuthProbe.expected(probe.promise(api) ?? .deadToken, api),
                accepted: classification.map { admits(probe, $0, exchange) } ?? false)
        case .paging: .paging
        // Whether it was the failure declared is known once the step has judged it.
        case let .errorCheck(check, _): .errorCheck(scenario: check.scenario, accepted: false)
        }
    }

    /// The request as sent, for the reproduce command: the token as `tokenVariable`, the refresh
    /// token as `refreshVariable` (a probe's) or `$REFRESH_TOKEN`, each value taken from the
    /// environment as its variable (when the environment gave it, not a fallback). A `fake` token
    /// (a probe's, which no server issued) is written out as it was sent.
    private func sent(
        _ exchange: Exchange, _ endpoint: AnyEndpoint, _ values: [String: ParameterValue],
        tokenVariable: String, refreshVariable: String?, fake: Bool
    ) -> SentRequest {
        var variables: [SentRequest.Variable] = []
        if let parameter = api.auth.refresh?.parameter, let value = values[parameter] {
            variables.append(.init(value: value.text, name: refreshVariable ?? "REFRESH_TOKEN", literal: refreshVariable != nil && fake))
        }
        if let token = exchange.sentToken {
            variables.append(.init(value: token, name: tokenVariable, literal: fake && refreshVariable == nil))
        }
        for parameter in endpoint.sampledValues {
            guard let name = parameter.sample?.variable, let value = values[parameter.name],
                options.environment[name] == value.text
            else { continue }
            variables.append(.init(value: value.text, name: name, location: parameter.location))
        }
        var sent = SentRequest(exchange.request, variables: variables, isSecret: redactor.isSecretHeader, secretFields: redactor.fieldNames)
        if !fake, exchange.sentToken != nil, api.auth.placement == .basic || api.auth.sendsBasicCredentials(endpoint) {
            sent.basicVariables = SentRequest.BasicVariables(account: api.auth.accountVariable, password: api.auth.passwordVariable)
        }
        // A redirect to another origin is never followed (its finding says so), nor then repeated.
        if let final = exchange.response.url, final != exchange.request.url, final.origin == exchange.request.url.origin {
            sent.followsRedirects = true
        }
        return sent
    }
}
