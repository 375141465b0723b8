import Foundation
import Synchronization

/// Answers requests from the JSON files in `mocks/`, in process, without a network: the success
/// file by default, or a scenario variant chosen per endpoint (`logout`, `expired`,
/// `wrong_password`). Records every request it is asked, and can delay answers.
public final class MockTransport: Transport {
    public let directory: URL
    public let api: API
    private struct State {
        var scenarios: [String: String] = [:]
        var defaultScenario: String?
        var requests: [HTTPRequest] = []
        var bodies: [String: Data] = [:]
        var delay: Duration = .zero
    }

    private let state = Mutex(State())
    /// Files found in the directory, by `mock@scenario` name.
    private let files: [String: MockFileName]
    /// `directory.path` with a trailing slash, worked out once: every answer names its file.
    private let directoryPrefix: String

    public init(directory: URL, api: API) {
        self.directory = directory
        self.api = api
        var files: [String: MockFileName] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            if let parsed = MockFileName(fileName: name) { files[parsed.variantName] = parsed }
        }
        self.files = files
        let path = directory.path
        directoryPrefix = path.hasSuffix("/") ? path : path + "/"
    }

    /// Answers `endpointID` with a scenario variant; nil returns to the success file.
    public func use(_ scenario: String?, for endpointID: String) {
        state.withLock { $0.scenarios[endpointID] = scenario }
    }

    /// Answers every endpoint without a scenario of its own with this one; nil for success.
    public func useForAll(_ scenario: String?) {
        state.withLock { $0.defaultScenario = scenario }
    }

    /// Waits this long before each answer (to test timeouts and loading states).
    public func delay(_ duration: Duration) {
        state.withLock { $0.delay = duration }
    }

    /// Every request asked of this transport, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (scenario, delay) = state.withLock { state -> (String?, Duration) in
            state.requests.append(request)
            return (request.endpointID.flatMap { state.scenarios[$0] } ?? state.defaultScenario, state.delay)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        guard let endpointID = request.endpointID, let endpoint = api.endpoint(endpointID) else {
            return HTTPResponse(status: 404, headers: [("Content-Type", "text/plain")],
                                body: Data("no declared endpoint for \(request.method) \(request.url.path)".utf8), url: request.url)
        }
        let variant = scenario.map { "\(endpoint.mock)@\($0)" } ?? endpoint.mock
        guard let file = files[variant] else {
            throw TransportError(.other, "no mock for \(endpointID)\(scenario.map { " scenario '\($0)'" } ?? ""): "
                + "expected \(directory.appendingPathComponent(variant + ".json").path)")
        }
        let body = try body(of: file)
        return HTTPResponse(status: file.status(expiredStatus: api.envelope.expiredStatus),
                            headers: [("Content-Type", "application/json; charset=utf-8")],
                            body: body, url: request.url, source: directoryPrefix + file.description)
    }

    private func body(of file: MockFileName) throws -> Data {
        let key = file.description
        if let cached = state.withLock({ $0.bodies[key] }) { return cached }
        let url = directory.appendingPathComponent(key)
        do {
            let data = try Data(contentsOf: url)
            state.withLock { $0.bodies[key] = data }
            return data
        } catch {
            throw TransportError(.other, "cannot read mock \(url.path): \(error.localizedDescription)")
        }
    }

    /// Finds the nearest `mocks/` folder walking up from a file, so a test can write
    /// `MockTransport.locateMocks(from: #filePath)` and run from any working directory.
    public static func locateMocks(from file: String = #filePath, folder: String = "mocks") -> URL? {
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
