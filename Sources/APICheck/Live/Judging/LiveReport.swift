/// The report of a live run, as one function of the run's plan and what each of its steps
/// yielded: results in the report's order, the run findings the outcomes carry, and what the
/// outcomes say of the target as a whole. Nothing else is read; nothing is masked yet.
enum LiveReport {
    /// `header` with the run's results and run findings added; `certificates` are the findings
    /// on the certificates the target presented.
    static func make(
        _ header: Report, api: API, plan: LivePlan, selected: [AnyEndpoint],
        outcomes: StepOutcomes, certificates: [Finding]
    ) -> Report {
        var report = header
        if plan.login == nil, let needing = selected.first(where: \.requiresToken) {
            let message =
                api.auth.loginEndpoint.map { "the auth policy names login endpoint '\($0)', which is not declared" }
                ?? "\(needing.id) needs the token, but the API declares no login"
            report.runFindings.append(
                Finding(
                    kind: .login, severity: .error, category: .harness,
                    endpoint: api.auth.loginEndpoint ?? needing.id, message: message))
        }
        report.runFindings += plan.steps.flatMap { outcomes[$0.id]?.runFindings ?? [] }
        if let login = plan.login, outcomes[login]?.login == .loggedIn, let note = unendedNote(api: api, plan: plan, outcomes: outcomes) {
            report.runFindings.append(Finding(kind: .session, severity: .info, category: .harness, endpoint: nil, message: note))
        }
        // What the plan leaves out on purpose is a note, not a skipped check.
        report.runFindings += selected.compactMap { endpoint in
            plan.unplanned[endpoint.id].map {
                Finding(kind: .session, severity: .info, category: .harness, endpoint: endpoint.id, message: $0)
            }
        }
        report.runFindings += certificates

        // Results are gathered by step id and copied once, into the report: a list of (step,
        // result) pairs and a dictionary of the endpoints' results beside the outcomes held three
        // more copies of 20,000 results at the run's peak.
        var firstCheck: [String: LiveStep.ID] = [:]
        firstCheck.reserveCapacity(selected.count)
        var probes: [LiveStep.ID] = [], pages: [LiveStep.ID] = [], errorChecks: [LiveStep.ID] = []
        for step in plan.steps {
            guard let result = outcomes.result(of: step.id) else { continue }
            switch result.role {
            case .endpoint: if firstCheck[result.endpoint] == nil { firstCheck[result.endpoint] = step.id }
            case .probe: probes.append(step.id)
            case .paging: pages.append(step.id)
            case .errorCheck: errorChecks.append(step.id)
            }
        }
        var results: [CheckResult] = []
        results.reserveCapacity(selected.count + probes.count + pages.count + errorChecks.count)
        for endpoint in selected where plan.unplanned[endpoint.id] == nil {
            results.append(
                firstCheck[endpoint.id].flatMap(outcomes.result(of:))
                    ?? CheckResult(.check(endpoint, reported: true), skipped: plan.writeNeeded[endpoint.id] ?? .notChecked))
        }
        firstCheck = [:]
        results += probeOrder(probes, plan: plan, selected: selected).compactMap(outcomes.result(of:))
        results += pages.compactMap(outcomes.result(of:))
        results += errorChecks.compactMap(outcomes.result(of:))
        report.results = results
        if report.runFindings.allSatisfy({ $0.kind != .unreachable }) {
            let stalled = outcomes.values.count { $0.stalled && $0.result != nil }
            // A check that sent nothing (skipped, or its sample missing) says nothing of the target.
            let endpointResults = report.results.lazy.filter {
                $0.role == .endpoint && $0.skipped == nil && !$0.findings.contains { $0.kind == .missingSample }
            }
            if stalled > 0 {
                report.runFindings.append(
                    Finding(
                        kind: .unreachable, severity: .error, category: .harness, endpoint: nil,
                        message: "\(report.target) stopped answering: requests timed out with no answer in the meantime; "
                            + "\(stalled) checks were skipped"))
            } else if !endpointResults.isEmpty,
                endpointResults.allSatisfy({ $0.findings.contains(where: LiveCheck.meansUnreachable) })
            {
                report.runFindings.append(
                    Finding(
                        kind: .unreachable, severity: .error, category: .harness, endpoint: nil,
                        message: "no endpoint of \(report.target) could be reached or answered in time"))
            }
        }
        return report
    }

    /// The sessions the run opened and cannot end (the API declares no logout endpoint): those
    /// whose login or refresh issued a token, not those planned (a refused refresh opened none).
    private static func unendedNote(api: API, plan: LivePlan, outcomes: StepOutcomes) -> String? {
        let issuing = plan.unendedSessions.map { session in session.filter { outcomes[$0]?.issuedToken != nil } }.filter { !$0.isEmpty }
        guard !issuing.isEmpty else { return nil }
        let logins = Set(issuing.flatMap { $0 }.map { plan.steps[$0].endpoint.id }).sorted().joined(separator: ", ")
        // Where logins revoke earlier tokens, only the last one's session stays open.
        let count = api.auth.revokesEarlierTokens ? 1 : issuing.count
        return "the run opened \(count) session\(count == 1 ? "" : "s") (through \(logins)) and cannot end "
            + "\(count == 1 ? "it" : "them"): the API declares no logout endpoint"
    }

    /// Probes as the report lists them: per endpoint, the dead token, no token, then the revoked
    /// one; the logout endpoint's last; then the logged-out probe; the refresh flow's at the end.
    private static func probeOrder(_ probes: [LiveStep.ID], plan: LivePlan, selected: [AnyEndpoint]) -> [LiveStep.ID] {
        guard !probes.isEmpty else { return [] }
        // Looked up, not searched for each probe: a probe on each of 20,000 endpoints would scan them all.
        var position: [String: Int] = [:]
        for (index, endpoint) in selected.enumerated() where position[endpoint.id] == nil { position[endpoint.id] = index }
        func key(_ id: LiveStep.ID) -> (Int, Int, Int) {
            guard case let .probe(probe, endpoint) = plan.steps[id].action else { return (3, 0, 0) }
            let index = position[endpoint.id] ?? 0
            switch probe {
            case .loggedOut: return (2, index, 0)
            case .refresh, .replacedToken, .reusedRefreshToken, .deadRefreshToken:
                return (3, 0, AuthProbe.allCases.firstIndex(of: probe) ?? 0)
            case .tokenExpired, .missingToken, .revoked:
                return (endpoint.sessionEffect == .logsOut ? 1 : 0, index, AuthProbe.allCases.firstIndex(of: probe) ?? 0)
            }
        }
        return probes.sorted { key($0) < key($1) }
    }
}
