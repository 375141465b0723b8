import Foundation
import Synchronization

/// Answers requests from the JSON files in `mocks/`, in process, without a network: the success
/// file by default, or a scenario variant chosen per endpoint (`logout`, `expired`,
/// `wrong_password`), and the `expired` variant to a token it was told is dead (`expire(token:)`),
/// so an app's refresh path runs over mocks. Records every request it is asked, and can delay answers. Files come from a
/// `MockDirectory`, so each is read once however often it is replayed.
public final class MockTransport: Transport {
    public let mocks: MockDirectory
    public var directory: URL { mocks.url }
    public var api: API { mocks.api }
    private struct State {
        var scenarios: [String: ScenarioName] = [:]
        var defaultScenario: ScenarioName?
        var requests: [HTTPRequest] = []
        var delay: Duration = .zero
        var deadTokens: Set<String> = []
    }

    private let state = Mutex(State())

    public convenience init(directory: URL, api: API) {
        self.init(mocks: MockDirectory(directory, api: api))
    }

    public init(mocks: MockDirectory) {
        self.mocks = mocks
    }

    /// Answers `endpointID` with a scenario variant; nil returns to the success file.
    public func use(_ scenario: ScenarioName?, for endpointID: String) {
        state.withLock { $0.scenarios[endpointID] = scenario }
    }

    /// Answers every endpoint without a scenario of its own with this one; nil for success.
    public func useForAll(_ scenario: ScenarioName?) {
        state.withLock { $0.defaultScenario = scenario }
    }

    /// Answers every request that carries `token` (where the auth policy places it) from an
    /// endpoint that needs one with the endpoint's `expired` variant, as a server answers a token
    /// that died: an app's client then refreshes it, when the API declares refresh, and the
    /// refresh mock's new token is answered as usual.
    public func expire(token: String) {
        state.withLock { _ = $0.deadTokens.insert(token) }
    }

    /// Waits this long before each answer (to test timeouts and loading states).
    public func delay(_ duration: Duration) {
        state.withLock { $0.delay = duration }
    }

    /// Every request asked of this transport, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (chosen, delay, deadTokens) = state.withLock { state -> (ScenarioName?, Duration, Set<String>) in
            state.requests.append(request)
            return (request.endpointID.flatMap { state.scenarios[$0] } ?? state.defaultScenario, state.delay, state.deadTokens)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        guard let endpointID = request.endpointID else {
            return HTTPResponse(
                status: 404, headers: [("Content-Type", "text/plain")],
                body: Data("no declared endpoint for \(request.method) \(request.url.path)".utf8), url: request.url)
        }
        guard let endpoint = api.endpoint(endpointID) else {
            // Declared with `static let` but left out of `API(endpoints:)`: say so, not 404.
            throw TransportError(
                .other,
                "endpoint '\(endpointID)' is not in the \(api.name) API's endpoints: list; "
                    + "add it there to replay its mocks")
        }
        var scenario = chosen
        if endpoint.requiresToken, !deadTokens.isEmpty, let token = request.token(placedBy: api.auth.placement), deadTokens.contains(token)
        {
            scenario = ScenarioName.expired
        }
        guard let file = mocks.file(of: endpoint, scenario: scenario) else {
            let variant = scenario.map { "\(endpoint.mock)@\($0)" } ?? endpoint.mock
            throw TransportError(
                .other,
                "no mock for \(endpointID)\(scenario.map { " scenario '\($0)'" } ?? ""): "
                    + "expected \(mocks.path(named: variant + ".json"))")
        }
        let more: [(name: String, value: String)]
        switch mocks.headers(of: file) {
        case let .success(headers): more = headers
        case let .failure(problem):
            throw TransportError(.other, "mock headers \(problem.file)\(problem.path.map { " at \($0)" } ?? ""): \(problem.message)")
        }
        switch mocks.data(of: file) {
        case let .success(body):
            if RedirectMock.isRedirect(file, of: endpoint), case let .success(document) = mocks.document(of: file) {
                return HTTPResponse(
                    status: mocks.status(of: file),
                    headers: (RedirectMock.location(in: document).map { [("Location", $0)] } ?? []) + more.map { ($0.name, $0.value) },
                    url: request.url, source: mocks.path(of: file))
            }
            let type = mocks.holdsBytes(file, of: endpoint) ? endpoint.bytesMediaType : "application/json; charset=utf-8"
            return HTTPResponse(
                status: mocks.status(of: file), headers: [("Content-Type", type)] + more.map { ($0.name, $0.value) },
                body: body, url: request.url, source: mocks.path(of: file))
        case let .failure(error):
            throw TransportError(error.kind == .mockTooLarge ? .bodyTooLarge : .other, "mock \(error.file): \(error.message)")
        }
    }

    /// Finds the nearest `mocks/` folder walking up from a file, so a test can write
    /// `MockTransport.locateMocks(from: #filePath)` and run from any working directory.
    public static func locateMocks(from file: String = #filePath, folder: String = "mocks") -> URL? {
        MockLocator.nearest(folder, above: URL(fileURLWithPath: file).deletingLastPathComponent())
    }
}
