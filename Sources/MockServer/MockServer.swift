import APICheck
import Foundation
import HTTPServer
import Synchronization

/// The declarations and mocks of one API served over HTTP: routes from the catalog, requests
/// validated against the declared parameters, logins issuing tokens that token endpoints check,
/// scenarios and faults on demand, and an admin API under `/__apicheck/`. `apicheck serve` runs
/// one; tests start one on port 0.
public final class MockServer: Sendable {
    public static let adminPrefix = "/__apicheck/"

    public let api: API
    public let options: MockServerOptions
    /// `/Api/`: every route sits under it.
    public let basePath: String
    /// What the audit found at start that is not an error (orphans, warnings).
    public let warnings: [Finding]
    let mocks: MockDirectory
    let bodies: MockBodies
    let routes: RouteTable
    let tokens: TokenBook
    /// Why tokens ended, and the refresh tokens.
    let ledger: SessionLedger
    let scenarios: ScenarioBook
    let journal: RequestJournal
    let redactor: Redactor
    /// By endpoint id: the scenario names its mock files offer, sorted.
    let known: [String: [String]]
    let started = Date()
    private let server = Mutex<HTTPServer?>(nil)

    /// Audits the mocks (as `apicheck mocks` does) and refuses to build unless they pass or
    /// `options.allowInvalid` is set; checks the sticky scenarios of `options`.
    public init(api: API, mocks folder: URL, options: MockServerOptions = MockServerOptions()) throws(MockServerError) {
        tokens = TokenBook(revokesEarlierTokens: api.auth.revokesEarlierTokens)
        ledger = SessionLedger(rotates: api.auth.refresh?.rotates ?? false)
        self.api = api
        self.options = options
        basePath = options.basePath.map(MockServerOptions.normalized) ?? MockServerOptions.defaultBasePath(of: api)
        let mocks = MockDirectory(folder, api: api, maxFileBytes: options.maxMockBytes)
        if let listingError = mocks.listingError { throw MockServerError(listingError) }
        let report = MockAudit(mocks: mocks).run()
        let findings = report.allFindings
        let errors = findings.filter { $0.severity == .error }
        if !errors.isEmpty, !options.allowInvalid {
            throw MockServerError("\(errors.count) problem\(errors.count == 1 ? "" : "s") in the mocks at \(folder.path) "
                + "(--allow-invalid serves them anyway)", findings: errors)
        }
        warnings = options.allowInvalid ? findings : findings.filter { $0.severity != .error }
        self.mocks = mocks
        redactor = api.makeRedactor()
        routes = RouteTable(api.endpoints)
        journal = RequestJournal(capacity: options.journalSize)
        var known: [String: [String]] = [:]
        for endpoint in api.endpoints {
            known[endpoint.id] = Set(mocks.files(of: endpoint).compactMap(\.scenario)).sorted()
        }
        self.known = known
        var sticky: [String: ServeChoice] = [:]
        for (id, scenario) in options.scenarios {
            guard let names = known[id] else {
                throw MockServerError("--scenario \(id)=\(scenario): no endpoint '\(id)'; endpoints: "
                    + api.endpoints.map(\.id).joined(separator: ", "))
            }
            guard scenario == MockScenario.success || names.contains(scenario) else {
                throw MockServerError("--scenario \(id)=\(scenario): \(id) has no scenario '\(scenario)'; known: "
                    + ([MockScenario.success] + names).joined(separator: ", "))
            }
            sticky[id] = ServeChoice(scenario: scenario)
        }
        scenarios = ScenarioBook(initial: sticky)
        bodies = MockBodies(mocks: mocks, log: options.log)
    }

    /// Binds and serves. Throws `HTTPServerError` when the port is taken.
    public func start() throws {
        let http = HTTPServer(host: options.host, port: options.port, configuration: options.configuration) { [weak self] request in
            self?.handle(request) ?? ServerResponse(status: 503)
        }
        try http.start()
        server.withLock { $0 = http }
    }

    public func stop() {
        let http = server.withLock { server -> HTTPServer? in
            defer { server = nil }
            return server
        }
        http?.stop()
    }

    deinit {
        server.withLock { $0 }?.stop()
    }

    /// Answers one request in process, without a socket: what the server does for each request
    /// it reads (journal and log included). For tests and benchmarks of the serving logic alone.
    public func respond(to request: ServerRequest) -> ServerResponse {
        handle(request)
    }

    /// The bound port; 0 before `start()`.
    public var port: Int { server.withLock { $0?.port ?? 0 } }

    /// `http://127.0.0.1:PORT/Api/`: what a client takes as its base URL.
    public var baseURL: URL {
        let root = server.withLock { $0?.baseURL } ?? URL(string: "http://\(options.host):\(options.port)/")!
        // An API without environments serves from the root: `URL(string: "")` is nil on Linux.
        let path = String(basePath.dropFirst())
        return path.isEmpty ? root : URL(string: path, relativeTo: root)!.absoluteURL
    }

    /// The admin API's root, `http://127.0.0.1:PORT/__apicheck/`.
    public var adminURL: URL {
        let root = server.withLock { $0?.baseURL } ?? URL(string: "http://\(options.host):\(options.port)/")!
        return URL(string: String(Self.adminPrefix.dropFirst()), relativeTo: root)!.absoluteURL
    }
}
