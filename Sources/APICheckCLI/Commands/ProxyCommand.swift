import APICheck
import CurlClient
import Foundation
import HTTPServer
import ProxyServer

/// `apicheck proxy`: a reverse proxy in front of a real server that checks every exchange an app
/// makes through it against the declarations, and reports what it found when it stops.
struct ProxyCommand: Command {
    static let name = "proxy"
    static let abstract = "Check an app's real traffic: a reverse proxy that judges every exchange against the declarations."

    static let upstream = Option.optional(
        "upstream", "URL", shownDefault: "--env's URL, $APICHECK_BASE_URL, else the bundled sandbox if the tool has one",
        help: "the server to pass every request to, e.g. https://staging.example.com/Api/",
        parse: .text)
    static let port = Option.value(
        "port", "N", default: 8081, help: "the port to bind; 0 = any free port",
        parse: .integer(in: 0...65535))
    static let host = Option.optional(
        "host", "ADDR", shownDefault: "127.0.0.1",
        help: "the address to bind (anything but loopback is reachable from the network)", parse: .text)
    static let enforce = Option.flag("enforce", help: "answer a violation in the API's error shape instead of passing it on")
    static let engine = Option.value(
        "engine", "standard|h2o", default: "standard",
        help: "what moves the exchanges: h2o costs a fraction of the CPU, plain HTTP only, no --enforce", parse: .text)
    static let undeclared = Option.value(
        "undeclared", "ignore|error", default: "ignore",
        help: "what a route no endpoint declares is: coverage only, or an error", parse: .text)
    static let requests = Option.optional("requests", "N", help: "stop after N exchanges and report", parse: .integer(in: 1...Int.max))
    static let duration = Option.optional("duration", "S", help: "stop after S seconds and report", parse: .seconds)
    static let failOn = Option.value(
        "fail-on", "error|warning", default: "error",
        help: "the least severe finding that makes the exit code 1", parse: .text)
    static let maxFindings = Option.value(
        "max-findings", "N", default: 2000,
        help: "distinct findings kept; more are counted only", parse: .integer(in: 1...1_000_000))
    static let quiet = Option.flag("quiet", short: "q", help: "no line per new finding on stderr")
    static let recordNew = Option.optional(
        "record-new", "DIR",
        help: "write the answers no mock covers (missing, or drifted) as candidate mocks here",
        parse: .text)
    static let clientConnections = Option.value(
        "client-connections", "N", default: HTTPServerConfiguration().perClientConnectionLimit,
        help: "connections one client address may hold at once; 0 = no cap of its own",
        parse: .integer(in: 0...HTTPServerConfiguration().connectionLimit))
    static let uploadMemory = Option.value(
        "upload-memory", "BYTES", default: 64 << 20, shownDefault: "64M",
        help: "bytes all request bodies streamed upstream hold at once; past it an upload is answered 503, e.g. 64M",
        parse: .bytes)
    static let checkMemory = Option.value(
        "check-memory", "BYTES", default: ProxyOptions.defaultCheckBudget, shownDefault: "128M",
        help: "bytes of bodies waiting for their checks; past it an exchange passes unchecked and is counted, e.g. 512M",
        parse: .bytes)
    static let options: [any OptionDeclaration] =
        [upstream, TargetOptions.env, port, host] + MockFolderOption.all
        + [
            enforce, engine, undeclared, requests, duration, failOn, maxFindings, recordNew, quiet, clientConnections, uploadMemory,
            checkMemory, TargetOptions.runID,
        ]
        + ConnectionOptions.fetching + ReportOptions.all + HistoryOption.all

    static func discussion(tool: String) -> String {
        """
        Listens on http://127.0.0.1:PORT/ and passes every request to the upstream as it came
        (method, path, query, headers but hop-by-hop ones, body), and every answer back as it came
        (a compressed answer stays compressed). A copy of each exchange is checked as '\(tool) live'
        checks its own calls: the request against the endpoint's parameters and typed body; the
        answer's status, envelope or error shape, session signals, decoding into the declared type,
        drift against the mocks. A declared error answer is an outcome, not a finding.

        The upstream, first found: --upstream URL; --env NAME, a base URL the API catalog names (not
        both); $APICHECK_BASE_URL; else the bundled sandbox,
        if the tool has one (a package's own, as init and import-openapi write it, has none),
        started on a free loopback port.

        Findings are grouped by endpoint, kind and JSONPath, with a count, first and last seen and
        the first exchange (credentials masked); one stderr line per new one. Routes no endpoint
        declares pass through as coverage (--undeclared error makes them findings). A request with
        the header 'X-Apicheck-Skip: 1' passes unchecked. --engine h2o moves the exchanges with
        h2o's server and reverse proxy, for a fraction of the CPU (no --enforce; docs/proxy.md#engines
        lists what else it does not do). GET /__apicheck/findings answers the
        findings so far as JSON. --record-new DIR writes, on stop, the answers no mock covers (an
        endpoint without a mock, or a shape that drifted from it) as candidate mocks, proven as
        'record' proves them.

        SIGINT or SIGTERM (or --requests N, --duration S) stops it and writes every --report; the
        exit code is that of the findings: 0 none at --fail-on severity, 1 some, 3 upstream unreachable.
        --history URL then keeps the run in the results history: per endpoint reached, the verdict
        of its exchanges, its findings, the HTTP status most answers had and the phase times of the
        median answer.
        \(ConnectionOptions.tlsDiscussion)
        docs/proxy.md describes it all.
        """
    }

    let context: CommandContext
    let upstreamURL: URL?
    /// The catalog's name of the upstream, when `--env` named it: the reports carry it, as `live`'s do.
    let environmentName: String?
    let options: ProxyOptions
    let mocks: MockFolderOption
    let connection: ConnectionOptions
    let reports: ReportOptions
    let requestLimit: Int?
    let durationLimit: Double?
    let strict: Bool
    let history: HistoryOption

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        history = try HistoryOption(arguments, context: context)
        mocks = try MockFolderOption(arguments, context: context)
        connection = try ConnectionOptions(fetching: arguments, context: context)
        reports = try ReportOptions(arguments)
        let given: String? = try arguments[Self.upstream]
        environmentName = try arguments[TargetOptions.env]
        if given != nil, environmentName != nil { throw UsageError("give --upstream or --env, not both") }
        if let given {
            upstreamURL = try TargetOptions.parseBaseURL(given, from: "--upstream")
        } else if let environmentName {
            upstreamURL = try TargetOptions.environment(environmentName, context: context)
        } else if let text = context.environment["APICHECK_BASE_URL"], !text.isEmpty {
            upstreamURL = try TargetOptions.parseBaseURL(text, from: "APICHECK_BASE_URL")
        } else {
            upstreamURL = nil
        }
        var options = ProxyOptions(upstream: upstreamURL ?? URL(string: "http://127.0.0.1/")!, port: try arguments[Self.port])
        options.host = try arguments[Self.host] ?? "127.0.0.1"
        options.enforce = try arguments[Self.enforce]
        let engine: String = try arguments[Self.engine]
        guard let chosen = ProxyEngine(rawValue: engine) else {
            throw UsageError("--engine expects standard or h2o, got '\(engine)'")
        }
        options.engine = chosen
        switch try arguments[Self.undeclared] as String {
        case "ignore": options.undeclaredIsError = false
        case "error": options.undeclaredIsError = true
        case let other: throw UsageError("--undeclared expects ignore or error, got '\(other)'")
        }
        switch try arguments[Self.failOn] as String {
        case "error": strict = false
        case "warning": strict = true
        case let other: throw UsageError("--fail-on expects error or warning, got '\(other)'")
        }
        options.findingLimit = try arguments[Self.maxFindings]
        // As `live` names its run: the reports and the history's run carry it, so the proxy's run
        // beside an app's UI tests in one CI job can be found by the job's id.
        options.runID = try TargetOptions.runID(arguments[TargetOptions.runID], environment: context.environment)
        options.configuration.perClientConnectionLimit = try arguments[Self.clientConnections]
        options.uploadMemory = try arguments[Self.uploadMemory]
        options.checkBudget = try arguments[Self.checkMemory]
        options.upstreamConfiguration.timeout = connection.timeout
        options.upstreamConfiguration.connectTimeout = connection.timeout
        options.upstreamConfiguration.maxBodyBytes = connection.maxBody
        options.upstreamConfiguration.insecure = connection.insecure
        options.upstreamConfiguration.tls = connection.tls
        options.configuration.maxRequestBody = connection.maxBody
        if !(try arguments[Self.quiet] as Bool) {
            let console = context.console
            options.logText = { text in console.err(text) }
        }
        if let folder: String = try arguments[Self.recordNew] {
            guard !folder.isEmpty else { throw UsageError("--record-new needs a folder") }
            options.recordNew = URL(fileURLWithPath: folder, relativeTo: context.workingDirectory).standardizedFileURL
        }
        // The secret proof over what the history keeps needs the credentials the traffic carried.
        options.keepsCredentials = history.location != nil
        requestLimit = try arguments[Self.requests]
        durationLimit = try arguments[Self.duration]
        // Known before anything starts: the upstream's scheme is known here too, the sandbox's being http.
        if let refusal = options.engine.refusal(options) { throw UsageError(refusal) }
        self.options = options
    }

    func run() async throws -> ExitCode {
        let writer = ReportWriter(context: context, verbose: false)
        let destinations = reports.destinations
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        var options = self.options
        // The bundled sandbox when no upstream is given; a given upstream needs no credentials:
        // the proxy only carries the app's.
        let sandbox = upstreamURL == nil ? try LiveTarget(context, baseURL: nil, only: nil, doing: .proxy) : nil
        defer { sandbox?.sandbox?.stop() }
        options.upstream = upstreamURL ?? sandbox!.url
        let folder = mocks.directory.map { MockDirectory($0, api: context.api, maxFileBytes: mocks.maxFileBytes) }
        let proxy = ProxyServer(api: context.api, mocks: folder, options: options)
        if mocks.directory == nil { note("\(mocks.explanation); drift is not checked") }
        let stopSignal = StopSignal()
        do {
            try proxy.start()
        } catch {
            throw CommandFailure(DisplayText.escaped("\(error)"))
        }
        let startedAt = Date()
        note(Self.startLine(proxy: proxy.baseURL, upstream: options.upstream, api: context.api.name))
        let heard = await waitForStop(proxy, stopSignal)
        note("\(heard): stopping after \(Report.plural(proxy.exchangeCount, "exchange"))")
        proxy.stop()
        var report = proxy.report(startedAt: startedAt, strict: strict)
        report.environment = environmentName
        if mocks.directory == nil { report.runFindings.append(mocks.driftNotChecked) }
        if let folder = options.recordNew {
            let written = proxy.writeNewShapes(maxFileBytes: mocks.maxFileBytes)
            MockWriteListing(context: context, directory: folder, dryRun: false).print(written)
        }
        let code = writer.write(report, to: destinations, history: history.past(report, for: destinations, context: context))
        let redactor = context.api.makeRedactor()
        for credential in proxy.credentialsSeen { redactor.register(credential) }
        return history.keep(
            proxy.withExchangeFigures(report), code: code, context: context, redactor: redactor,
            mocksCompared: mocks.directory != nil)
    }

    /// A signal, or the exchange count or the duration reached, whichever comes first. The count
    /// is of checked exchanges, so the report holds every one of them.
    private func waitForStop(_ proxy: ProxyServer, _ stopSignal: StopSignal) async -> String {
        await withTaskGroup(of: String.self) { group in
            group.addTask {
                switch await stopSignal.wait() {
                case .signal(SIGTERM): "SIGTERM"
                case .signal: "SIGINT"
                case .cancelled: "cancelled"
                }
            }
            if let requestLimit {
                group.addTask {
                    while proxy.checkedCount < requestLimit, !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(20))
                    }
                    return Report.plural(requestLimit, "exchange")
                }
            }
            if let durationLimit {
                group.addTask {
                    try? await Task.sleep(for: .seconds(durationLimit))
                    return "\(durationLimit) s"
                }
            }
            let first = await group.next() ?? "stopped"
            group.cancelAll()
            return first
        }
    }

    /// What the proxy listens on and where it sends requests. Paths go upstream as sent, not
    /// under the upstream URL's path: the line names the upstream's origin and the address the
    /// app uses, the upstream's path kept (`http://127.0.0.1:8081/api/`).
    static func startLine(proxy: URL, upstream: URL, api: String) -> String {
        let origin = URL(string: "/", relativeTo: upstream)?.absoluteURL ?? upstream
        let path = String(upstream.path(percentEncoded: true).drop { $0 == "/" })
        return "proxying \(proxy.absoluteString) → \(Redactor.withoutQuery(origin)) for the \(api) API, paths as sent: the app talks to "
            + "\(proxy.absoluteString)\(path) (findings: \(proxy.absoluteString)__apicheck/findings); Ctrl-C stops it and reports"
    }

    private func note(_ text: String) {
        context.note(DisplayText.escaped(text))
    }
}
