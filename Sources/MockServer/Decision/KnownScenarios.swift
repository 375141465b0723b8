import APICheck

/// The scenarios each endpoint's mocks offer (`topics@empty.json` offers `empty`), and the one
/// answer to "is this scenario known" that a request's `Prefer`, the admin API and `--scenario`
/// all ask.
struct KnownScenarios: Sendable {
    /// By endpoint id: the scenario names its mock files offer, sorted, `success` not among them.
    private let byEndpoint: [String: [ScenarioName]]

    enum Check: Equatable {
        case known
        case unknownEndpoint
        /// Not offered; `known` lists what is, `success` first.
        case unknownScenario(known: [ScenarioName])
    }

    init(_ byEndpoint: [String: [ScenarioName]]) {
        self.byEndpoint = byEndpoint
    }

    init(api: API, mocks: MockDirectory) {
        var byEndpoint: [String: [ScenarioName]] = [:]
        for endpoint in api.endpoints {
            byEndpoint[endpoint.id] = Set(mocks.files(of: endpoint).compactMap(\.scenario)).sorted()
        }
        self.init(byEndpoint)
    }

    /// These and the scenarios of files added since (`LateMocks`), by endpoint id.
    func adding(_ more: [String: Set<ScenarioName>]) -> KnownScenarios {
        var byEndpoint = byEndpoint
        for (id, scenarios) in more where byEndpoint[id] != nil {
            byEndpoint[id] = Set(byEndpoint[id, default: []]).union(scenarios).sorted()
        }
        return KnownScenarios(byEndpoint)
    }

    /// Every scenario the endpoint can be answered with, `success` first; nil for no such endpoint.
    func names(of endpoint: String) -> [ScenarioName]? {
        byEndpoint[endpoint].map { [.success] + $0 }
    }

    func check(_ scenario: ScenarioName, of endpoint: String) -> Check {
        guard let names = byEndpoint[endpoint] else { return .unknownEndpoint }
        if scenario == ScenarioName.success || names.contains(scenario) { return .known }
        return .unknownScenario(known: [.success] + names)
    }
}
