extension CheckResult {
    /// The one way a live run starts a step's result: named and placed by what the step does.
    init(_ action: LiveStep.Action, skipped: SkipReason? = nil) {
        let endpoint: AnyEndpoint, name: String, role: Role, probe: AuthProbe?
        var scenario: ScenarioName?
        switch action {
        case let .check(checked, _):
            (endpoint, name, role, probe) = (checked, checked.id, .endpoint, nil)
        case let .probe(kind, checked):
            (endpoint, name, role, probe) = (checked, "probe \(kind.rawValue) \(checked.id)", .probe, kind)
        case let .paging(checked):
            (endpoint, name, role, probe) = (checked, "paging \(checked.id)", .paging, nil)
        case let .errorCheck(check, checked):
            (endpoint, name, role, probe) = (checked, "error-check \(check.scenario) \(checked.id)", .errorCheck, nil)
            scenario = check.scenario
        case let .endSession(checked):
            (endpoint, name, role, probe) = (checked, checked.id, .endpoint, nil)
        case .preIssuedToken:
            (endpoint, name, role, probe) = (.preIssuedToken, "(pre-issued token)", .endpoint, nil)
        }
        self.init(
            name: name, role: role, endpoint: endpoint.id, method: endpoint.method.rawValue, path: endpoint.path,
            skipped: skipped, probe: probe, scenario: scenario)
    }
}
