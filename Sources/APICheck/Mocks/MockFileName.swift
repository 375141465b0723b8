/// A mock file's name taken apart: `<mock>[@<scenario>[.<status>]].json`, or a redirect's
/// `<mock>.<3xx status>.json` (`RedirectMock`).
public struct MockFileName: Sendable, Hashable, CustomStringConvertible {
    public var mock: String
    /// Nil for the success answer.
    public var scenario: ScenarioName?
    /// An HTTP status pinned in the name (`status_show@gone.410.json`).
    public var status: Int?

    public init(mock: String, scenario: ScenarioName? = nil, status: Int? = nil) {
        self.mock = mock
        self.scenario = scenario
        self.status = status
    }

    /// Parses a file name; nil unless it ends in `.json`.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".json"), fileName.count > 5 else { return nil }
        let stem = String(fileName.dropLast(5))
        guard let at = stem.firstIndex(of: "@") else {
            // A redirect's mock pins its 3xx status (`login.307.json`, `RedirectMock`).
            if let dot = stem.lastIndex(of: "."), dot != stem.startIndex, let pinned = Int(stem[stem.index(after: dot)...]),
                (300...399).contains(pinned)
            {
                self.init(mock: String(stem[..<dot]), status: pinned)
                return
            }
            self.init(mock: stem)
            return
        }
        var scenario = String(stem[stem.index(after: at)...])
        var status: Int?
        if let dot = scenario.lastIndex(of: "."), let pinned = Int(scenario[scenario.index(after: dot)...]),
            (100...599).contains(pinned)
        {
            status = pinned
            scenario = String(scenario[..<dot])
        }
        self.init(mock: String(stem[..<at]), scenario: ScenarioName(scenario), status: status)
    }

    /// The HTTP status a mock is replayed with: pinned in the name, else the dead-token status for
    /// the `expired` scenario, else 200.
    public func status(expiredStatus: Int) -> Int {
        status ?? (scenario == ScenarioName.expired ? expiredStatus : 200)
    }

    /// `mock@scenario` without status or extension: how variants are named in requirements.
    public var variantName: String { scenario.map { "\(mock)@\($0)" } ?? mock }

    public var description: String {
        variantName + (status.map { ".\($0)" } ?? "") + ".json"
    }
}
