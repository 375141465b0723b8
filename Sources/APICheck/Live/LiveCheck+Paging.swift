extension LiveCheck {
    /// The name a paging step's result carries in reports.
    static func pagingName(_ endpoint: AnyEndpoint) -> String { "paging \(endpoint.id)" }

    /// The paging step: the endpoint's own answer (in `seen` under its id) is the first page; the
    /// next one is asked with the declared cursor set from its last id, and the two are judged.
    /// Left out of the report when the endpoint's own check got no page: that check says why.
    func page(_ endpoint: AnyEndpoint, token: String?, seen: [String: JSONValue]) async -> StepOutcome {
        guard let paging = endpoint.paging, let document = seen[endpoint.id] else { return .skipped(nil) }
        var result = CheckResult(name: Self.pagingName(endpoint), role: .paging, endpoint: endpoint.id,
                                 method: endpoint.method.rawValue, path: endpoint.path)
        var outcome = StepOutcome()
        let judge = PagingCheck(endpoint: endpoint.id, paging: paging)
        guard let path = JSONPath(parsing: paging.ids), let first = PagingCheck.ids(in: document, at: path) else {
            result.findings.append(Finding(kind: .paging, severity: .error, endpoint: endpoint.id, path: JSONPath(parsing: paging.ids),
                                           expected: "an integer id per item", found: "no such array of ids in the first page",
                                           message: "the first page has no ids at \(paging.ids), where the paging declaration reads them"))
            outcome.result = result
            return outcome
        }
        guard let last = first.last else {
            // An empty first page has no next page to ask for; its order holds trivially.
            outcome.result = result
            return outcome
        }
        var values = (try? samples.values(for: endpoint, seen: seen)) ?? [:]
        values[paging.next] = .int(paging.cursor(after: last))
        let call = await client.call(endpoint, values, token: token.map(TokenChoice.explicit) ?? TokenChoice.withoutToken)
        // A mock file answers the same page whatever the cursor (a transport that wraps the mock
        // one, or a mixed one): nothing to judge.
        if call.exchange?.response.source != nil { return .skipped(nil) }
        if let exchange = call.exchange {
            outcome.answered = true
            result.status = exchange.response.status
            result.timings = exchange.response.timings
            result.requestPath = displayPath(exchange.request.url)
            result.request = sent(exchange, endpoint, values, tokenVariable: "TOKEN")
        }
        result.outcome = call.classification?.name
        // A page that parsed is judged even when its payload failed to decode: the endpoint's own
        // check reports the decoding, this step the paging.
        let answer = call.classification.flatMap { if case .success = $0 { call.interpretation?.document } else { nil } }
        if let answer, let next = PagingCheck.ids(in: answer, at: path) {
            outcome.succeeded = call.error == nil
            result.findings += judge.findings(first: first, next: next)
        } else if let error = call.error {
            if case let .transport(failure) = error.reason, failure.kind == .timeout { outcome.timedOut = true }
            result.findings.append(Finding(error))
        } else {
            result.findings.append(Finding(kind: .paging, severity: .error, endpoint: endpoint.id, path: path,
                                           expected: "an integer id per item", found: "no such array of ids in the next page",
                                           message: "the next page has no ids at \(paging.ids)"))
        }
        outcome.result = result
        return outcome
    }
}
