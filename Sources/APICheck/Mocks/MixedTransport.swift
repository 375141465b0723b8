import Foundation

/// Sends the endpoints a `MockSelection` marks as mocked to a `MockTransport` and every other
/// request to a network transport: one screen built against mocks while the rest of the app talks
/// to the real server. The mock file is the one the endpoint's declaration names; the scenario
/// is the selection's (`topics.list@empty` answers from `topics@empty.json`).
///
/// The selection is checked against the declarations when the transport is made: an entry that
/// matches no endpoint, or a scenario without its file, fails then rather than at the first call.
public final class MixedTransport: Transport {
    public let mock: MockTransport
    public let network: any Transport
    public let selection: MockSelection

    public init(network: any Transport, mock: MockTransport, mocked selection: MockSelection) throws(MockSelectionError) {
        self.network = network
        self.mock = mock
        self.selection = selection
        let endpoints = mock.api.endpoints
        for rule in selection.rules {
            let matched = endpoints.filter { rule.matches($0.id) }
            guard !matched.isEmpty else {
                throw MockSelectionError(entry: Self.entry(rule), reason: "matches no endpoint declared in the \(mock.api.name) API")
            }
            guard let scenario = rule.scenario else { continue }
            for endpoint in matched where mock.mocks.file(of: endpoint, scenario: scenario) == nil {
                throw MockSelectionError(
                    entry: Self.entry(rule),
                    reason: "\(endpoint.id) has no mock "
                        + mock.mocks.path(named: "\(endpoint.mock)@\(scenario).json"))
            }
        }
        for endpoint in endpoints {
            if let rule = selection.rule(for: endpoint.id), let scenario = rule.scenario {
                mock.use(scenario, for: endpoint.id)
            }
        }
    }

    /// The selection `APICHECK_MOCKED` names (nothing mocked when it is unset).
    public convenience init(
        network: any Transport, mock: MockTransport,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(MockSelectionError) {
        try self.init(network: network, mock: mock, mocked: MockSelection.fromEnvironment(environment))
    }

    /// Whether a request goes to the mocks. A request built for no declared endpoint goes to the network.
    public func isMocked(_ request: HTTPRequest) -> Bool {
        request.endpointID.map(selection.isMocked) ?? false
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await (isMocked(request) ? mock : network).send(request)
    }

    private static func entry(_ rule: MockSelection.Rule) -> String {
        rule.scenario.map { "\(rule.pattern)@\($0)" } ?? rule.pattern
    }
}
