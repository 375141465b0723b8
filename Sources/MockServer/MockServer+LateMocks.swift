import APICheck

extension MockServer {
    /// The scenarios the mocks offer now: those at start and those added since.
    var known: KnownScenarios { late.known }

    /// Whether endpoint `id` offers `scenario`; before saying no, the folder is looked at for an
    /// added file (at most once per reload interval).
    func check(_ scenario: String, of id: String) -> KnownScenarios.Check {
        let check = late.known.check(scenario, of: id)
        guard case .unknownScenario = check, late.look() else { return check }
        return late.known.check(scenario, of: id)
    }

    func offers(_ scenario: String, of id: String) -> Bool { check(scenario, of: id) == .known }

    /// The file answering `endpoint` with `scenario` (nil for success) and its body now: one there
    /// at start, else one added since, the folder looked at again when there is neither.
    func mockBody(of endpoint: AnyEndpoint, scenario: String?) -> (file: MockFileName, body: MockBodies.Body)? {
        if let file = mocks.file(of: endpoint, scenario: scenario) {
            return bodies.body(of: file, endpoint: endpoint).map { (file, $0) }
        }
        guard let (file, added) = late.file(of: endpoint, scenario: scenario) ?? (late.look() ? late.file(of: endpoint, scenario: scenario) : nil),
              let body = added.body(of: file, endpoint: endpoint) else {
            return nil
        }
        return (file, body)
    }

    /// The version of `file`'s body a remembered answer is checked against.
    func currentVersion(of file: MockFileName) -> (slot: MockBodies.Slot, version: Int)? {
        bodies.currentVersion(of: file) ?? late.bodies?.currentVersion(of: file)
    }
}
