import Foundation

extension LiveCheck {
    /// A step whose parameters have no value: a harness finding, sent nowhere.
    func missingSample(_ step: LiveStep, _ error: SampleResolver.SampleError) -> StepOutcome {
        var result = CheckResult(step.action)
        result.findings.append(
            Finding(
                kind: .missingSample, severity: .error, category: .harness, endpoint: step.endpoint.id,
                message: error.message))
        return StepOutcome(result: result)
    }

    /// Calls one endpoint with `token` and judges the answer: status, envelope, decode, drift.
    /// The outcome carries what later steps may use: the token a login issued, the document for samples.
    /// `refreshToken` goes into the refresh endpoint's parameter (the refresh, and the end of a
    /// session the run opened).
    func check(_ step: LiveStep, token: String?, seen: [String: JSONValue], refreshToken: String? = nil) async -> StepOutcome {
        let endpoint = step.endpoint
        // A required body the declaration gives no sample of cannot be sent: the check cannot run,
        // which says nothing of the server. The import declares a made-up body that would hold a
        // credential so; a hand-written `try?` decode of JSON that does not fit is none either.
        if let body = endpoint.requestBody, body.isRequired, !body.hasSample {
            let reason = SkipReason(
                "its request body (\(body.typeName)) has no sample to send: give \(endpoint.id)'s declaration one (a sample decoded "
                    + "with try? from JSON that does not fit \(body.typeName) is none)")
            return .skipped(step, reason, login: nil)
        }
        var values: [String: ParameterValue]
        do {
            let filled: Set<String> = refreshToken == nil ? [] : [api.auth.refresh?.parameter ?? ""]
            values = try samples.values(for: endpoint, seen: seen, filled: filled)
            if let refreshToken, let parameter = api.auth.refresh?.parameter {
                redactor.register(refreshToken)
                values[parameter] = .string(refreshToken)
            }
        } catch {
            if let unset = error.unsetVariable {
                let reason = SkipReason.variableUnset(
                    parameter: unset.parameter, variable: unset.variable, source: listing(unset.variable),
                    deletedBy: deletions(of: unset.variable))
                return .skipped(step, reason, login: nil)
            }
            return missingSample(step, error)
        }
        var (outcome, call) = await self.call(step, values, token: token)
        if let reason = madeUpRefusal(step, values, call) {
            outcome.result?.skipped = reason
            return outcome
        }
        var findings: [Finding] = []
        var redirected = false
        // A declared redirect is the answer itself, wherever it points.
        if let exchange = call.exchange, !endpoint.redirectStatuses.contains(exchange.response.status) {
            if let elsewhere = exchange.response.crossOriginRedirect(from: exchange.request.url) {
                redirected = true
                findings.append(
                    Finding(
                        kind: .redirect, severity: .error, endpoint: endpoint.id, expected: exchange.request.url.origin,
                        found: elsewhere.origin,
                        message: "HTTP \(exchange.response.status) redirect to another origin, \(Redactor.withoutQuery(elsewhere)), "
                            + "not followed: credentials, the token and secret headers are sent to the target's origin only"))
            } else if let final = exchange.response.url, final.path != exchange.request.url.path {
                findings.append(
                    Finding(
                        kind: .redirect, severity: .info, endpoint: endpoint.id,
                        message: "answered from \(Redactor.withoutQuery(final)) after a redirect"))
            }
        }
        // A success under another status than the declared one is a finding of its own, even
        // when its body does not decode either: the two say different things to fix.
        var answeredSuccess = call.error == nil
        if case .success? = call.classification { answeredSuccess = !redirected }
        if answeredSuccess, let status = call.exchange?.response.status, !endpoint.succeeds(with: status) {
            findings.append(.undeclaredSuccessStatus(status, of: endpoint))
        }
        if let error = call.error {
            if !redirected {
                findings.append(
                    finding(
                        for: error, classification: call.classification, endpoint: endpoint,
                        status: call.exchange?.response.status))
            }
        } else {
            outcome.succeeded = true
            // Only a login that succeeded and decoded gives a token to the steps after it.
            outcome.issuedToken = call.exchange?.issuedToken
        }
        if let interpretation = call.interpretation, case .success = interpretation.classification,
            let document = interpretation.document
        {
            outcome.document = document
            if call.error == nil, let refresh = api.auth.refresh, let issued = refresh.refreshToken(in: document) {
                redactor.register(issued)
                outcome.issuedRefreshToken = issued
            }
            findings += drift(endpoint, document: document, interpretation: interpretation)
        }
        // Live asks for the declared type by name: a success in another JSON type is said, as the
        // proxy says it, and still judged as the declared one, since that is what was asked for.
        // Bytes have no other check of what they are than their type.
        if let response = call.exchange?.response, (200..<300).contains(response.status), !redirected,
            let answered = response.contentType.flatMap(MediaType.init), answered.isJSON || endpoint.answersBytes
        {
            let declared = endpoint.declaredMediaTypes
            if !declared.isEmpty, !declared.contains(answered) {
                findings.append(.undeclaredMediaType(answered, of: endpoint, declared: declared))
            }
        }
        if call.error == nil, !redirected, let response = call.exchange?.response,
            let missing = Finding.missingAnswerHeaders(of: endpoint, in: response.header)
        {
            findings.append(missing)
        }
        outcome.result?.findings += findings
        return outcome
    }

    /// The finding an error becomes, with what the declarations know added: where the code sits
    /// (the envelope's, or the error shape's for an error status) and what it should have been.
    private func finding(for error: APIError, classification: Classification?, endpoint: AnyEndpoint, status: Int?) -> Finding {
        var finding = Finding(error)
        let envelope = api.envelope(for: endpoint)
        let isOK = status.map { (200..<300).contains($0) } ?? true
        let codePath = (!isOK ? api.errors?.codePath : nil) ?? envelope?.codePath
        let success =
            envelope.map { $0.successCodes.sorted().map(\.description).joined(separator: " or ") }
            ?? endpoint.successStatusText
        switch error.reason {
        case let .server(code, _):
            finding.path = codePath?.description
            finding.expected = success
            // An error status's code is read from the error's shape: the status is half of what came.
            finding.found = isOK ? code.description : "HTTP \(status ?? 0), \(code.description)"
        case .forcedLogout:
            finding.path = codePath?.description
            finding.expected = success
            if case let .forcedLogout(code?, _)? = classification { finding.found = code.description }
        default:
            break
        }
        return finding
    }

    /// A probe: the endpoint called with a token that must be answered as the API promises.
    /// `token` goes where the access token travels, or into the refresh endpoint's parameter when
    /// `refreshToken` says so; nil sends none (the missing-token probe).
    func probe(
        _ step: LiveStep, _ probe: AuthProbe, token: String?, refreshToken: Bool = false,
        seen: [String: JSONValue]
    ) async -> StepOutcome {
        let endpoint = step.endpoint
        let filled: Set<String> = refreshToken ? [api.auth.refresh?.parameter ?? ""] : []
        // An endpoint that cannot be sent (its own check says why) has nothing for a probe to try
        // either: sent without the value, it would fail as an invalid request, not on its token.
        guard var values = try? samples.values(for: endpoint, seen: seen, filled: filled) else {
            return StepOutcome(result: CheckResult(step.action, skipped: .sampleMissing))
        }
        var accessToken = token
        // The dead-token probes' tokens were made up here: no secret, shown where they are sent.
        let fake = probe.state == .neverIssued || probe.state == .unknownRefreshToken
        if refreshToken, let token, let parameter = api.auth.refresh?.parameter {
            if !fake { redactor.register(token) }
            values[parameter] = .string(token)
            accessToken = nil
        }
        var (outcome, call) = await self.call(step, values, token: accessToken, tokenVariable: probe.tokenVariable, fake: fake)
        guard let exchange = call.exchange, let classification = call.classification else {
            if let error = call.error {
                if outcome.timedOut {
                    // A server that hangs on a token is a finding of its own, with the token to replay it.
                    // Basic credentials are an account and a password: the password is what the probe made up.
                    let basic = api.auth.placement == .basic ? token.flatMap(AuthPolicy.basicParts(of:)) : nil
                    let sent =
                        !fake
                        ? " the token it was given"
                        : basic.map { " the account with the wrong password \"\(DisplayText.escaped($0.password))\"" }
                            ?? token.map { " the token \"\(DisplayText.escaped($0))\"" } ?? " no token"
                    let refuse = api.auth.placement == .basic ? "a wrong password" : "a token it never issued"
                    outcome.result?.findings.append(
                        Finding(
                            kind: .probeTimeout, severity: .error, endpoint: endpoint.id,
                            expected: AuthProbe.expected(probe.promise(api) ?? .deadToken, api),
                            found: "no answer in time",
                            message:
                                "the \(probe.rawValue) probe got no answer in time; it sent\(sent): a server must refuse \(refuse) at once"
                        ))
                } else {
                    outcome.result?.findings.append(Finding(error))
                }
            }
            return outcome
        }
        // A refresh accepted by mistake issued a session: the run ends it with the rest.
        outcome.issuedToken = exchange.issuedToken
        if !admits(probe, classification, exchange) {
            var found = "\(classification.name) (HTTP \(exchange.response.status))"
            if case let .broken(reason) = classification { found += ": " + reason.message }
            let logout = api.endpoints.first { $0.sessionEffect == .logsOut }?.id ?? "the logout"
            let refresh = api.auth.refresh?.endpoint ?? "the refresh"
            let promise = probe.promise(api) ?? .deadToken
            outcome.result?.findings.append(
                Finding(
                    kind: probe.findingKind, severity: .error, endpoint: endpoint.id,
                    expected: AuthProbe.expected(promise, api), found: found,
                    message: probe.why(promise, logout: logout, refresh: refresh, placement: api.auth.placement)))
        }
        return outcome
    }

    /// Whether a probe's answer is the one its promise declares.
    func admits(_ probe: AuthProbe, _ classification: Classification, _ exchange: Exchange) -> Bool {
        guard let promise = probe.promise(api) else { return false }
        let code = api.endpoint(exchange.request.endpointID ?? "").flatMap { endpoint in
            (try? JSONParser.parse(exchange.response.body)).flatMap { api.rules(for: endpoint).failureCode(in: $0) }
        }
        return promise.admits(classification, status: exchange.response.status, code: code)
    }
}
