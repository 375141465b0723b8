import APICheck

extension MockServer {
    /// Every scenario endpoint `id` offers now, `success` first: those at start and those added
    /// since; nil for no such endpoint.
    func scenarioNames(of id: String) -> [ScenarioName]? {
        guard let endpoint = api.endpoint(id) else { return nil }
        return mocks.late.names(of: endpoint)
    }

    /// Whether endpoint `id` offers `scenario`; before saying no, the folder is looked at for an
    /// added file (at most once per reload interval).
    func check(_ scenario: ScenarioName, of id: String) -> KnownScenarios.Check {
        guard let endpoint = api.endpoint(id) else { return .unknownEndpoint }
        return check(scenario, of: endpoint)
    }

    func check(_ scenario: ScenarioName, of endpoint: AnyEndpoint) -> KnownScenarios.Check {
        let check = mocks.late.check(scenario, of: endpoint)
        guard case .unknownScenario = check, mocks.late.look() else { return check }
        return mocks.late.check(scenario, of: endpoint)
    }

    func offers(_ scenario: ScenarioName, of endpoint: AnyEndpoint) -> Bool { check(scenario, of: endpoint) == .known }

    /// The file answering `endpoint` with `scenario` (nil for success) and its body now: one there
    /// at start, else one added since, the folder looked at again when there is neither.
    func mockBody(of endpoint: AnyEndpoint, scenario: ScenarioName?) -> (file: MockFileName, body: MockBodies.Body)? {
        if let file = mocks.directory.file(of: endpoint, scenario: scenario) {
            return mocks.bodies.body(of: file, endpoint: endpoint).map { (file, $0) }
        }
        guard
            let added = mocks.late.file(of: endpoint, scenario: scenario)
                ?? (mocks.late.look() ? mocks.late.file(of: endpoint, scenario: scenario) : nil),
            let body = added.bodies.body(of: added.file, endpoint: endpoint)
        else {
            return nil
        }
        return (added.file, body)
    }

    /// The version of `file`'s body a remembered answer is checked against.
    func currentVersion(of file: MockFileName) -> (slot: MockBodies.Slot, version: Int)? {
        mocks.bodies.currentVersion(of: file) ?? mocks.late.currentVersion(of: file)
    }
}
