import Foundation

extension LiveCheck {
    /// An error check: the endpoint called with its samples and the check's inputs in their place,
    /// the answer judged against the declared failure (`ErrorCheck.findings`), then its shape
    /// against the scenario's mock, where differences are warnings: the mock is stale, the
    /// contract still holds.
    func errorCheck(_ step: LiveStep, _ check: ErrorCheck, token: String?, seen: [String: JSONValue]) async -> StepOutcome {
        let endpoint = step.endpoint
        let values: [String: ParameterValue]
        do {
            values = check.applied(to: try samples.values(for: endpoint, seen: seen, filled: Set(check.inputNames)))
        } catch {
            return missingSample(step, error)
        }
        var (outcome, call) = await self.call(step, values, token: token)
        guard let exchange = call.exchange else {
            if let error = call.error { outcome.result?.findings.append(Finding(error)) }
            return outcome
        }
        // A mock file answers the same whatever the input: nothing to judge. The observers still
        // get the answer, as for every request.
        if exchange.response.isReplayed {
            outcome.result = nil
            return outcome
        }
        let rules = api.rules(for: endpoint)
        let findings = check.findings(
            endpoint: endpoint, status: exchange.response.status, body: exchange.response.body,
            classification: call.classification, rules: rules)
        let accepted = !findings.contains { $0.severity == .error }
        outcome.succeeded = accepted
        outcome.exchange?.role = .errorCheck(scenario: check.scenario, accepted: accepted)
        outcome.result?.findings += findings
        if outcome.succeeded, let document = call.interpretation?.document ?? (try? JSONParser.parse(exchange.response.body)) {
            outcome.result?.findings += scenarioDrift(endpoint, check.scenario, document: document)
        }
        return outcome
    }

    /// How the answer's shape differs from the scenario mock's: warnings, since no decode type
    /// reads a failure's body. Nothing when there is no such mock yet (`record` writes it).
    private func scenarioDrift(_ endpoint: AnyEndpoint, _ scenario: ScenarioName, document: JSONValue) -> [Finding] {
        guard let mocks, let file = mocks.file(of: endpoint, scenario: scenario), case let .success(mock) = mocks.document(of: file) else {
            return []
        }
        let changes = ShapeDiff.changes(expected: Shape(of: mock), found: Shape(of: document))
        let findings = changes.map { change in
            Finding(
                kind: FindingKind(drift: change.kind), severity: .warning, endpoint: endpoint.id, path: change.path,
                expected: change.expected, found: change.found,
                message: "scenario '\(scenario)': " + Self.driftMessage(change) + " (\(file))", file: mocks.path(of: file))
        }
        return Self.capped(findings, endpoint: endpoint.id)
    }

    private static func driftMessage(_ change: ShapeChange) -> String {
        switch change.kind {
        case .added: "a field the answer has and the scenario's mock does not"
        case .removed: "a field the scenario's mock has and the answer lacks"
        case .typeChanged: "the field's kind of value differs from the scenario's mock"
        case .becameNull: "null in the answer where the scenario's mock has a value"
        }
    }
}
