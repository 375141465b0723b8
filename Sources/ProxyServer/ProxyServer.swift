import APICheck
import CurlClient
import Foundation
import HTTPServer

/// `apicheck proxy`: a reverse proxy in front of a real server that passes every exchange on
/// exactly as it came and checks a copy of it against the declarations (`ExchangeCheck`). The
/// findings are grouped (`FindingBook`), the routes the traffic reached are counted
/// (`ProxyCoverage`), and `report` gives both as a `Report` for every format the tool writes.
///
/// The proxy runs a few loops (`ProxyLoop`), each one thread whose epoll set holds both a
/// listening daemon's connections and a libcurl multi handle's: an exchange waits for the
/// upstream with its connection suspended, so no thread waits for a client or for the upstream,
/// and the request, the upstream call and the answer never change threads.
public final class ProxyServer: Sendable {
    public let api: API
    public let options: ProxyOptions
    let core: ProxyCore
    private let server: HTTPServer
    /// The h2o engine, with `--engine h2o`; then `server` is never started.
    private let h2o: H2OProxy?

    /// `mocks`, when given, is what drift is judged against.
    public init(api: API, mocks: MockDirectory?, options: ProxyOptions) {
        self.api = api
        self.options = options
        let core = ProxyCore(api: api, mocks: mocks, options: options)
        self.core = core
        server = HTTPServer(host: options.host, port: options.port, configuration: options.listening) { request in
            core.handle(request)
        }
        h2o = options.engine == .h2o ? H2OProxy(core: core, options: options) : nil
    }

    public func start() throws {
        if let refusal = options.engine.refusal(options) { throw ProxyEngineError(refusal) }
        if let h2o { return try h2o.start() }
        try server.start()
        do {
            try core.transport.host(server.loops.map { ProxyLoop($0) })
        } catch {
            server.stop()
            throw error
        }
    }

    /// Stops accepting; exchanges under way are cut. Idempotent.
    public func stop() {
        // The tunnels first: an upgraded connection is closed through the server, which must
        // still be running then.
        core.tunnels.stop()
        h2o?.stop()
        server.stop()
        core.transport.shutdown()
    }

    public var baseURL: URL {
        guard let h2o else { return server.baseURL }
        return URL(string: "http://\(options.host):\(h2o.port)/")!
    }

    /// Exchanges seen so far, checked or not.
    public var exchangeCount: Int { core.coverage.exchanges }

    /// Exchanges whose check has finished (what a caller waits on before reading findings).
    public var checkedCount: Int { core.checked.load(ordering: .acquiring) }

    /// Streamed uploads answered 503 because the uploads under way held `options.uploadMemory`.
    public var uploadsRefused: Int { core.uploads.refusedCount }

    /// Bytes the streamed uploads under way hold, booked against `options.uploadMemory`.
    public var uploadMemoryHeld: Int { core.uploads.heldBytes }

    /// Writes the answers no mock covered into `options.recordNew` (after `stop`): decode-proven
    /// and secret-proven, as `record` writes mocks. Empty without `recordNew`.
    public func writeNewShapes(maxFileBytes: Int = MockDirectory.defaultMaxFileBytes) -> [MockWriteResult] {
        guard let directory = options.recordNew, let shapes = core.newShapes else { return [] }
        return shapes.write(api: api, to: directory, maxFileBytes: maxFileBytes)
    }

    /// What `GET /__apicheck/findings` answers: the findings with their first exchanges, and the coverage.
    public var findingsJSON: String { core.findingsDocument.compactText }

    /// The findings so far, grouped, in the order they first appeared.
    public var findings: [GroupedFinding] { core.book.snapshot.groups }
}
