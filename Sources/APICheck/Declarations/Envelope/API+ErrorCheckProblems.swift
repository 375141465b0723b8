extension API {
    /// Mistakes in an endpoint's error checks: one sent where the method is not safe and the
    /// declaration does not say it may be, a scenario named like another of the endpoint's or a
    /// standard one, an input the endpoint does not take or of the wrong type, a path parameter
    /// left out, a code with nowhere to read it from, a check that changes nothing.
    func errorCheckProblems(_ endpoint: AnyEndpoint) -> [Finding] {
        // Most endpoints declare none: what the checks are compared with is not worth making for them.
        guard !endpoint.errorChecks.isEmpty else { return [] }
        var messages: [String] = []
        let listed = Set(endpoint.listedScenarios)
        let standard = ScenarioName.reserved
        let inputs = endpoint.sampledValues
        let rules = rules(for: endpoint)
        var seen: Set<ScenarioName> = []
        if !endpoint.errorChecks.isEmpty, !plansErrorChecks(of: endpoint) {
            let scenarios = endpoint.errorChecks.map { "'\($0.scenario)'" }.joined(separator: ", ")
            messages.append(
                "error checks \(scenarios) on \(endpoint.id) never run: \(endpoint.id) \(Self.sessionWord(endpoint.sessionEffect)), "
                    + "and a live run calls it only where the session needs it; declare them on an endpoint that keeps the session, "
                    + "or keep the failure as a mock (\(endpoint.mock)@<scenario>.json)")
        }
        for check in endpoint.errorChecks {
            let name = "error check '\(check.scenario)'"
            if !check.isSent(endpoint.method) {
                messages.append(
                    "\(name) would send a \(endpoint.method) request, which is not safe: a server that wrongly accepts "
                        + "its input would act on it; declare it sent: .always if the server refuses that input before it acts")
            }
            if !seen.insert(check.scenario).inserted {
                messages.append("\(name) is declared twice; one scenario, one check")
            } else if listed.contains(check.scenario) {
                messages.append("\(name) is also listed in scenarios:; an error check declares its scenario, so drop it from there")
            } else if standard.contains(check.scenario) {
                messages.append("\(name) takes the name of the standard scenario '\(check.scenario)'; name it apart")
            }
            if !(100...599).contains(check.status) {
                messages.append("\(name) expects HTTP \(check.status), which is no HTTP status")
            }
            if check.inputs.isEmpty && check.omitted.isEmpty {
                messages.append(
                    "\(name) provokes nothing: it sends the samples as they are, as the endpoint's own call does; give it inputs: or omitting:"
                )
            }
            for key in check.inputNames {
                guard let parameter = inputs.first(where: { $0.name == key }) else {
                    var message = "\(name) sets '\(key)', which \(endpoint.id) does not take"
                    if let near = NameSuggestion.nearest(key, in: inputs.map(\.name)) { message += " (did you mean '\(near)'?)" }
                    messages.append(message)
                    continue
                }
                if check.omitted.contains(key) {
                    if parameter.location == .path {
                        messages.append("\(name) leaves out the path parameter '\(key)', which the path cannot go without")
                    }
                    if check.inputs[key] != nil { messages.append("\(name) both sets and leaves out '\(key)'") }
                } else if let value = check.inputs[key] {
                    let items: [ParameterValue] = if parameter.list != nil, case let .list(items) = value { items } else { [value] }
                    if items.contains(where: { parameter.type.accept($0) == nil }) {
                        messages.append(
                            "\(name) sets '\(key)' to \(value.kindName) \"\(parameter.secret ? Redactor.mask : value.text)\", "
                                + "but it is declared \(parameter.type.rawValue): a request of the wrong type is refused before it is sent")
                    }
                }
            }
            if check.code != nil, rules.errors == nil, rules.envelope == nil {
                messages.append(
                    "\(name) expects the code \(check.code!), but the API declares no error shape (errors:) or envelope to read it from")
            }
        }
        return messages.map { Finding(kind: .declaration, severity: .error, category: .harness, endpoint: endpoint.id, message: $0) }
    }

    /// Whether a live run plans the endpoint's error checks: it must be called as a step of its
    /// own, which an endpoint that keeps the session is, and so is a login that issues no token of
    /// the session's account or is the session's own login. The account's other logins, the
    /// logouts and the refresh run where the session needs them, with no room for a failure
    /// provoked on purpose.
    func plansErrorChecks(of endpoint: AnyEndpoint) -> Bool {
        switch endpoint.sessionEffect {
        case .keepsSession: true
        case .logsIn: !endpoint.requiresToken && (endpoint.id == auth.loginEndpoint || !auth.usesCredentials(endpoint))
        case .logsOut, .refreshes: false
        }
    }

    static func sessionWord(_ effect: SessionEffect) -> String {
        switch effect {
        case .keepsSession: "keeps the session"
        case .logsIn: "logs the account in"
        case .logsOut: "logs out"
        case .refreshes: "refreshes the token"
        }
    }
}
