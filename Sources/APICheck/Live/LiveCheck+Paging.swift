extension LiveCheck {
    /// The paging step: the endpoint's own answer (in `seen` under its id) is the first page; the
    /// next one is asked with the declared cursor set from its last id, and the two are judged.
    /// Left out of the report when the endpoint's own check got no page (that check says why), or
    /// when the answer was replayed: a mock file answers the same page whatever the cursor.
    func page(_ step: LiveStep, token: String?, seen: [String: JSONValue]) async -> StepOutcome {
        let endpoint = step.endpoint
        guard let paging = endpoint.paging, let document = seen[endpoint.id] else { return StepOutcome() }
        var result = CheckResult(step.action)
        let judge = PagingCheck(endpoint: endpoint.id, paging: paging)
        guard let path = JSONPath(parsing: paging.ids), let first = PagingCheck.ids(in: document, at: path) else {
            result.findings.append(Finding(kind: .paging, severity: .error, endpoint: endpoint.id, path: JSONPath(parsing: paging.ids),
                                           expected: "an integer id per item", found: "no such array of ids in the first page",
                                           message: "the first page has no ids at \(paging.ids), where the paging declaration reads them"))
            return StepOutcome(result: result)
        }
        // An empty first page has no next page to ask for; its order holds trivially.
        guard let last = first.last else { return StepOutcome(result: result) }
        var values = (try? samples.values(for: endpoint, seen: seen)) ?? [:]
        values[paging.next] = .int(paging.cursor(after: last))
        var (outcome, call) = await self.call(step, values, token: token)
        if call.exchange?.response.isReplayed == true {
            outcome.result = nil
            return outcome
        }
        // A page that parsed is judged even when its payload failed to decode: the endpoint's own
        // check reports the decoding, this step the paging.
        let answer = call.classification.flatMap { if case .success = $0 { call.interpretation?.document } else { nil } }
        if let answer, let next = PagingCheck.ids(in: answer, at: path) {
            outcome.succeeded = call.error == nil
            outcome.result?.findings += judge.findings(first: first, next: next)
        } else if let error = call.error {
            outcome.result?.findings.append(Finding(error))
        } else {
            outcome.result?.findings.append(Finding(kind: .paging, severity: .error, endpoint: endpoint.id, path: path,
                                                    expected: "an integer id per item", found: "no such array of ids in the next page",
                                                    message: "the next page has no ids at \(paging.ids)"))
        }
        return outcome
    }
}
