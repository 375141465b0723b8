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
    /// The mock files as served: read at start, re-read when edited, added since.
    let mocks: ServedMocks
    let routes: MockRoutes
    /// How serve's own refusals are worded: the API's error shape, like one of its error answers.
    let refusals: RefusalStyle
    /// The emulated session lifecycle's state: the tokens, what the API promises each state.
    let auth: EmulatedAuth
    /// What serve says on start about the tokens it accepts (a token issued beforehand that it
    /// made up because its variable is unset); empty when there is nothing to say.
    public var tokenNotes: [String] { auth.notes }
    let scenarios: ScenarioBook
    /// The admin API's journal of requests, and when the server started.
    let admin: AdminState
    /// Answers made from the request line alone, given again to the same line.
    let memo: AnswerMemo
    /// Answers made from the line, the `Host` and the token, given again while the token stands.
    let readMemo: ReadAnswerMemo
    /// Where requests with compressed bodies are decoded and answered, off the server's threads.
    let compressedUploads = CompressedUploads()
    /// The memo with what giving an answer again reads and writes.
    var answers: RepeatedAnswers {
        RepeatedAnswers(
            memo: memo, readMemo: readMemo, scenarios: scenarios, tokens: options.stateless ? nil : auth.tokens, journal: admin.journal,
            logQueue: logQueue)
    }
    /// How the log and the journal show a request's target, secrets masked.
    let targets: TargetDisplay
    /// The API's credential fields, lowercased: never written into a page's links.
    let credentialFields: Set<String>
    /// Where log lines wait for `options.logText` or `options.log`; nil when the server is quiet.
    let logQueue: LogQueue?
    private let server = Mutex<HTTPServer?>(nil)

    /// Audits the mocks (as `apicheck mocks` does) and refuses to build unless they pass or
    /// `options.allowInvalid` is set; checks the sticky scenarios of `options`.
    public init(api: API, mocks folder: URL, options: MockServerOptions = MockServerOptions()) throws(MockServerError) {
        auth = EmulatedAuth(api: api, options: options)
        self.api = api
        self.options = options
        logQueue = options.logText.map { LogQueue.writingText($0) } ?? options.log.map { LogQueue(sink: $0) }
        basePath = options.basePath.map(MockServerOptions.normalized) ?? MockServerOptions.defaultBasePath(of: api)
        let mocks = MockDirectory(folder, api: api, maxFileBytes: options.maxMockBytes)
        if let listingError = mocks.listingError { throw MockServerError(listingError) }
        let report = MockAudit(mocks: mocks).run()
        let findings = report.allFindings
        let errors = findings.filter { $0.severity == .error }
        if !errors.isEmpty, !options.allowInvalid {
            throw MockServerError(
                "\(errors.count) problem\(errors.count == 1 ? "" : "s") in the mocks at \(folder.path) "
                    + "(--allow-invalid serves them anyway)", findings: errors)
        }
        warnings = options.allowInvalid ? findings : findings.filter { $0.severity != .error }
        refusals = RefusalStyle(errors: api.errors, example: mocks.errorExample())
        // The token issued beforehand is the user's own secret (a staging key, a password):
        // masked wherever a client puts it, under any name, in the log and the journal.
        let logRedactor = api.makeRedactor()
        if let token = api.auth.tokenIssuedBeforehand(in: options.credentials) { api.auth.secrets(of: token).forEach(logRedactor.register) }
        targets = TargetDisplay(redactor: logRedactor, tokens: options.stateless ? nil : auth.tokens)
        credentialFields = Set(api.redactedFields.map { $0.lowercased() })
        routes = MockRoutes(api.endpoints)
        admin = AdminState(journalSize: options.journalSize)
        let readHeaders = Self.declaredHeaders(of: api)
        memo = AnswerMemo(readHeaders: readHeaders)
        readMemo = ReadAnswerMemo(readHeaders: readHeaders, placement: api.auth.placement)
        let known = KnownScenarios(api: api, mocks: mocks)
        var sticky: [String: ServeChoice] = [:]
        for (id, scenario) in options.scenarios {
            switch known.check(scenario, of: id) {
            case .known: break
            case .unknownEndpoint:
                throw MockServerError(
                    "--scenario \(id)=\(scenario): no endpoint '\(id)'; endpoints: "
                        + api.endpoints.map(\.id).joined(separator: ", "))
            case let .unknownScenario(names):
                throw MockServerError(
                    "--scenario \(id)=\(scenario): \(id) has no scenario '\(scenario)'; known: "
                        + names.map(\.rawValue).joined(separator: ", "))
            }
            sticky[id] = ServeChoice(scenario: scenario)
        }
        scenarios = ScenarioBook(initial: sticky)
        var reloadLog: (@Sendable (String) -> Void)?
        if let queue = logQueue {
            reloadLog = { line in queue.append(DisplayText.escaped(line)) }
        }
        self.mocks = ServedMocks(mocks, api: api, known: known, options: options, log: reloadLog)
    }

    /// Binds and serves. Throws `HTTPServerError` when the port is taken.
    public func start() throws {
        let answers = answers
        let shortcut = LineShortcut(neutralHeaders: memo.neutralHeaders, maxLineBytes: AnswerMemo.maxLineBytes) {
            answers.answer(to: $0, host: $1)
        }
        let http = HTTPServer(
            host: options.host, port: options.port, configuration: options.configuration,
            shortcut: shortcut
        ) { [weak self] request in
            self?.served(request) ?? ServerResponse(status: 503)
        }
        try http.start()
        server.withLock { $0 = http }
    }

    /// The answer the server's thread gives: `handle`'s, or for a compressed upload a deferred
    /// one, made on `compressedUploads`' queue.
    func served(_ request: ServerRequest) -> ServerResponse {
        guard RequestBodyDecoding.isEncoded(request) else { return handle(request) }
        return compressedUploads.answer(request) { [weak self] in self?.handle($0) ?? ServerResponse(status: 503) }
    }

    public func stop() {
        let http = server.withLock { server -> HTTPServer? in
            defer { server = nil }
            return server
        }
        http?.stop()
    }

    /// Stops gracefully (`HTTPServer.stop(grace:)`): no new client, answers under way finish
    /// within `grace`. Returns whether they all did.
    @discardableResult
    public func stop(grace: Duration) -> Bool {
        let http = server.withLock { server -> HTTPServer? in
            defer { server = nil }
            return server
        }
        return http?.stop(grace: grace) ?? true
    }

    /// Waits until every log line reached `options.log`, for at most `timeout`; false when the
    /// log's reader is stuck.
    @discardableResult
    public func flushLog(timeout: Duration = .seconds(10)) -> Bool {
        logQueue?.flush(timeout: timeout) ?? true
    }

    /// Log lines dropped because `options.log` was not taking them.
    public var droppedLogLines: Int { logQueue?.dropped ?? 0 }

    /// How often the server looked at a mock file for an edit since it started.
    public var mockChecks: Int { mocks.bodies.checks + mocks.late.checks }

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

    /// `https` when serve speaks TLS, else `http`.
    var scheme: String { server.withLock { $0?.scheme } ?? "http" }

    /// The admin API's root, `http://127.0.0.1:PORT/__apicheck/`.
    public var adminURL: URL {
        let root = server.withLock { $0?.baseURL } ?? URL(string: "http://\(options.host):\(options.port)/")!
        return URL(string: String(Self.adminPrefix.dropFirst()), relativeTo: root)!.absoluteURL
    }

    /// Every header name the API declares anywhere: a parameter, a distinction, the token's place.
    static func declaredHeaders(of api: API) -> Set<String> {
        var names: Set<String> = []
        for endpoint in api.endpoints {
            for parameter in endpoint.parameters where parameter.location == .header { names.insert(parameter.name) }
            if case let .header(name, _)? = endpoint.distinction { names.insert(name) }
        }
        switch api.auth.placement {
        case let .header(name, _): names.insert(name)
        case .basic: names.insert("Authorization")
        case .query, .cookie: break
        }
        return names
    }
}
