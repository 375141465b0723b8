import Foundation

extension LiveCheck {
    /// Calls one endpoint with `token` and judges the answer: status, envelope, decode, drift.
    /// The result is not yet finished (masked, counted: the executor settles it); the outcome carries what later steps
    /// may use: the token a login issued, the document for samples.
    func check(_ endpoint: AnyEndpoint, token: String?, seen: [String: JSONValue]) async -> (CheckResult, StepOutcome) {
        var result = CheckResult(name: endpoint.id, role: .endpoint, endpoint: endpoint.id,
                                 method: endpoint.method.rawValue, path: endpoint.path)
        var outcome = StepOutcome()
        let values: [String: ParameterValue]
        do {
            values = try samples.values(for: endpoint, seen: seen)
        } catch {
            result.findings.append(Finding(kind: .missingSample, severity: .error, category: .harness, endpoint: endpoint.id,
                                           message: error.message))
            return (result, outcome)
        }
        let call = await client.call(endpoint, values, token: token.map(TokenChoice.explicit) ?? TokenChoice.withoutToken)
        outcome.exchange = call.exchange
        outcome.classification = call.classification
        var redirected = false
        if let exchange = call.exchange {
            outcome.answered = true
            result.status = exchange.response.status
            result.timings = exchange.response.timings
            result.requestPath = displayPath(exchange.request.url)
            result.request = sent(exchange, endpoint, values, tokenVariable: "TOKEN")
            if let elsewhere = exchange.response.crossOriginRedirect(from: exchange.request.url) {
                redirected = true
                result.findings.append(Finding(
                    kind: .redirect, severity: .error, endpoint: endpoint.id, expected: exchange.request.url.origin,
                    found: elsewhere.origin,
                    message: "HTTP \(exchange.response.status) redirect to another origin, \(Redactor.withoutQuery(elsewhere)), "
                        + "not followed: credentials, the token and secret headers are sent to the target's origin only"))
            } else if let final = exchange.response.url, final.path != exchange.request.url.path {
                result.findings.append(Finding(kind: .redirect, severity: .info, endpoint: endpoint.id,
                                               message: "answered from \(Redactor.withoutQuery(final)) after a redirect"))
            }
        }
        result.outcome = call.classification?.name
        if let error = call.error {
            if case let .transport(failure) = error.reason, failure.kind == .timeout { outcome.timedOut = true }
            if !redirected {
                result.findings.append(finding(for: error, classification: call.classification, endpoint: endpoint,
                                               status: call.exchange?.response.status))
            }
        } else {
            if let status = call.exchange?.response.status, status != endpoint.successStatus {
                result.findings.append(Finding(
                    kind: .httpStatus, severity: .error, endpoint: endpoint.id, expected: "HTTP \(endpoint.successStatus)",
                    found: "HTTP \(status)", message: "a success answered with HTTP \(status); the endpoint declares \(endpoint.successStatus)"))
            }
            outcome.succeeded = true
            // Only a login that succeeded and decoded gives a token to the steps after it.
            outcome.issuedToken = call.exchange?.issuedToken
        }
        if let interpretation = call.interpretation, case .success = interpretation.classification,
           let document = interpretation.document {
            outcome.document = document
            result.findings += drift(endpoint, document: document, interpretation: interpretation)
        }
        return (result, outcome)
    }

    /// The finding an error becomes, with what the declarations know added: where the code sits
    /// (the envelope's, or the error shape's for an error status) and what it should have been.
    private func finding(for error: APIError, classification: Classification?, endpoint: AnyEndpoint, status: Int?) -> Finding {
        var finding = Finding(error)
        let envelope = api.envelope(for: endpoint)
        let isOK = status.map { (200..<300).contains($0) } ?? true
        let codePath = (!isOK ? api.errors?.codePath : nil) ?? envelope?.codePath
        let success = envelope.map { $0.successCodes.sorted().map(\.description).joined(separator: " or ") }
            ?? "HTTP \(endpoint.successStatus)"
        switch error.reason {
        case let .server(code, _):
            finding.path = codePath?.description
            finding.expected = success
            finding.found = code.description
        case .logout:
            finding.path = codePath?.description
            finding.expected = success
            if case let .logout(code?, _)? = classification { finding.found = code.description }
        default:
            break
        }
        return finding
    }

    /// A probe: the endpoint called with a token that must be refused in the declared way.
    func probe(_ probe: AuthProbe, _ endpoint: AnyEndpoint, token: String, seen: [String: JSONValue]) async -> StepOutcome {
        var result = CheckResult(name: "probe \(probe.rawValue) \(endpoint.id)", role: .probe, endpoint: endpoint.id,
                                 method: endpoint.method.rawValue, path: endpoint.path)
        var outcome = StepOutcome()
        let values = (try? samples.values(for: endpoint, seen: seen)) ?? [:]
        let call = await client.call(endpoint, values, token: .explicit(token))
        outcome.exchange = call.exchange
        outcome.classification = call.classification
        guard let exchange = call.exchange, let classification = call.classification else {
            if let error = call.error {
                result.findings.append(Finding(error))
                if case let .transport(failure) = error.reason, failure.kind == .timeout { outcome.timedOut = true }
            }
            outcome.result = result
            return outcome
        }
        outcome.answered = true
        result.status = exchange.response.status
        result.timings = exchange.response.timings
        result.outcome = classification.name
        result.requestPath = displayPath(exchange.request.url)
        result.request = sent(exchange, endpoint, values, tokenVariable: probe.tokenVariable)
        let promise = probe.promise(api) ?? .deadToken
        if !admits(probe, classification, exchange) {
            var found = "\(classification.name) (HTTP \(exchange.response.status))"
            if case let .broken(reason) = classification { found += ": " + reason.message }
            let logout = api.endpoints.first { $0.sessionEffect == .logsOut }?.id ?? "the logout"
            let refresh = api.auth.refresh?.endpoint ?? "the refresh"
            result.findings.append(Finding(kind: probe.findingKind, severity: .error, endpoint: endpoint.id,
                                           expected: AuthProbe.expected(promise, api), found: found,
                                           message: probe.why(promise, logout: logout, refresh: refresh)))
        }
        outcome.result = result
        return outcome
    }

    /// The request as sent, for the reproduce command: the token as `tokenVariable`, each value
    /// taken from the environment as its variable (when the environment gave it, not a fallback).
    func sent(_ exchange: Exchange, _ endpoint: AnyEndpoint, _ values: [String: ParameterValue],
              tokenVariable: String) -> SentRequest {
        var variables: [SentRequest.Variable] = []
        if let token = exchange.sentToken { variables.append(.init(value: token, name: tokenVariable)) }
        for parameter in endpoint.parameters {
            guard case let .environment(name, _)? = parameter.sample, let value = values[parameter.name],
                  options.environment[name] == value.text else { continue }
            variables.append(.init(value: value.text, name: name))
        }
        return SentRequest(exchange.request, variables: variables, isSecret: redactor.isSecretHeader)
    }
}
