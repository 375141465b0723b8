import APICheck
import Contracts
import CurlClient
import Foundation
import MockServer
import Synchronization

/// A mock server on 127.0.0.1 port 0 and a libcurl transport to talk to it.
struct ServeHarness {
    let server: MockServer
    let transport = CurlTransport()
    let log: LogLines

    static let demoMocks = MockTransport.locateMocks()!
    static let credentials = ["APICHECK_ACCOUNT": "demo", "APICHECK_PASSWORD": "demo-password"]

    init(api: API = Demo.api, mocks: URL = ServeHarness.demoMocks, options: MockServerOptions = MockServerOptions()) throws {
        var options = options
        let log = LogLines()
        self.log = log
        options.log = { line in log.append(line) }
        server = try MockServer(api: api, mocks: mocks, options: options)
        let server = server
        // Weak: the server holds the log through its options; a strong capture would keep both
        // (and the log queue's thread) alive after the test.
        log.flush = { [weak server] in server?.flushLog() }
        try server.start()
    }

    func stop() { server.stop() }

    /// A raw request below the base path (`statuses/home_timeline?count=2`) or, with a leading
    /// slash, from the root (`/__apicheck/health`).
    func send(
        _ method: HTTPMethod = .get, _ path: String, headers: [(name: String, value: String)] = [],
        json: String? = nil, body: String? = nil
    ) async throws -> HTTPResponse {
        let url =
            path.hasPrefix("/")
            ? URL(string: String(path.dropFirst()), relativeTo: server.adminURL.deletingLastPathComponent())!
            : URL(string: path, relativeTo: server.baseURL)!
        var headers = headers
        if json != nil { headers.append(("Content-Type", "application/json")) }
        return try await transport.send(
            HTTPRequest(
                method: method, url: url.absoluteURL, headers: headers,
                body: (json ?? body).map { Data($0.utf8) }))
    }

    func client(session: Session = Session()) -> APIClient {
        APIClient(api: server.api, baseURL: server.baseURL, transport: transport, session: session)
    }

    /// Logs in through the login endpoint and returns the fresh token.
    func login(account: String = "demo") async throws -> String {
        let response = try await send(.post, "Account/login", json: #"{"account": "\#(account)", "password": "pw"}"#)
        let document = try JSONParser.parse(response.body)
        return document["datas"]?["utoken"]?.stringValue ?? ""
    }

    static func json(_ response: HTTPResponse) throws -> JSONValue { try JSONParser.parse(response.body) }
}

/// Log lines the server wrote, for assertions.
/// Log lines the server wrote, for assertions. They reach the log through a queue: reading them
/// waits for the queue to drain first.
final class LogLines: @unchecked Sendable {
    private let lines = Mutex<[String]>([])
    /// Set once, before the server starts.
    nonisolated(unsafe) var flush: @Sendable () -> Void = {}
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] {
        flush()
        return lines.withLock { $0 }
    }
}

/// A mocks folder in a temporary directory, filled from a dictionary of file names and bodies,
/// or copied from the demo's; removed by `remove()`.
struct TemporaryMocks {
    let url: URL

    init(files: [String: String] = [:], copyingDemo: Bool = false) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("serve-mocks-\(UUID().uuidString)", isDirectory: true)
        if copyingDemo {
            try FileManager.default.copyItem(at: ServeHarness.demoMocks, to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        for (name, body) in files { try write(name, body) }
    }

    func write(_ name: String, _ body: String) throws {
        // Written beside and renamed over: a reader never sees half a file.
        let temporary = url.appendingPathComponent(".\(name).tmp")
        try Data(body.utf8).write(to: temporary)
        guard rename(temporary.path, url.appendingPathComponent(name).path) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
