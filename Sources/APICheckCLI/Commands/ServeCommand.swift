import APICheck
import Foundation
import HTTPServer
import MockServer

/// `apicheck serve`: the API's declarations and mocks as a stateful mock server, in the
/// foreground until interrupted. Works for any API a tool is built over.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve the mocks as a stateful mock server (auth, scenarios, faults, validation)."

    static let port = Option.value(
        "port", "N", default: 8080, help: "the port to bind; 0 = any free port",
        parse: .integer(in: 0...65535))
    static let host = Option.optional(
        "host", "ADDR", shownDefault: "127.0.0.1",
        help: "the address to bind (anything but loopback is reachable from the network)", parse: .text)
    static let basePath = Option.optional(
        "base-path", "PATH", shownDefault: "the path of the API's local environment",
        help: "the path every route sits under, e.g. /Api/", parse: .text)
    static let scenario = Option.repeated(
        "scenario", "ID=NAME", help: "serve this scenario of an endpoint until told otherwise",
        parse: .assignment
    ).completing(.declared(.scenarios))
    static let delay = Option.optional(
        "delay", "MS|MIN-MAX", help: "delay every answer, fixed or random in a range",
        parse: .milliseconds)
    static let stateless = Option.flag("stateless", help: "no auth emulation: any token is accepted, logins answer the mock as is")
    static let cors = Option.flag("cors", help: "answer CORS preflights and allow every origin")
    static let allowInvalid = Option.flag("allow-invalid", help: "start even when the mocks do not pass 'mocks'")
    static let quiet = Option.flag("quiet", short: "q", help: "no line per request on stderr")
    static let tlsCert = Option.optional("tls-cert", "FILE", help: "serve HTTPS with this PEM certificate (chain)", parse: .text)
    static let tlsKey = Option.optional("tls-key", "FILE", help: "the certificate's private key (PEM, unencrypted)", parse: .text)
    static let adminToken = Option.optional(
        "admin-token", "TOKEN",
        help: "every admin request must carry this token (use it with --host)", parse: .text)
    static let clientConnections = Option.value(
        "client-connections", "N", default: HTTPServerConfiguration().perClientConnectionLimit,
        help: "connections one client address may hold at once; 0 = no cap of its own "
            + "(a load test from one machine)",
        parse: .integer(in: 0...HTTPServerConfiguration().connectionLimit))
    static let tokenLifetime = Option.optional(
        "token-lifetime", "SECONDS",
        shownDefault: "the expiresIn of the login's answer, else never",
        help: "every token serve issues expires this long after it is issued; 0 = never by the clock",
        parse: .integer(in: 0...31_536_000))
    static let recordedOrigin = Option.repeated(
        "recorded-origin", "URL",
        help: "a server the mocks were recorded from that no environment names: its links lead to serve",
        parse: ValueParser { text, option throws(UsageError) in
            try TargetOptions.parseBaseURL(text, from: "--" + option)
        })
    static let options: [any OptionDeclaration] =
        [port, host, basePath] + MockFolderOption.all
        + [
            scenario, delay, stateless, tokenLifetime, cors, allowInvalid, quiet, tlsCert, tlsKey, adminToken, clientConnections,
            recordedOrigin,
        ]

    /// How long answers under way may take to finish once a stop is asked for.
    static let grace = Duration.seconds(5)

    static func discussion(tool: String) -> String {
        """
        Serves every declared endpoint from the mocks on http://127.0.0.1:PORT/<base path>/ until
        interrupted (Ctrl-C); with --tls-cert and --tls-key, on https:// (for an app that insists
        on HTTPS; check it with '\(tool) live --cacert' and the CA that signed the certificate).
        Requests are validated against the declared parameters (400 problem+json); a login issues a fresh token that the token endpoints check, so
        '\(tool) live --base-url URL' against it passes, probes included. A token expires by
        itself after the lifetime its login's or refresh's answer gives (the refresh policy's
        expiresIn), so an app's refresh path runs; --token-lifetime SECONDS gives every token one
        lifetime (0: never), and 'Prefer: expire-token' or POST /__apicheck/tokens/expire expire
        tokens now.

        Per request: 'Prefer: scenario=NAME', 'Prefer: fault=reset|empty|truncate|garbage|html-502|slow-body',
        'Prefer: delay=MS', 'Prefer: code=N'. Sticky choices: --scenario, or the admin API under
        /__apicheck/ (health, endpoints, scenarios, requests, reset), scoped to a session with the
        header 'X-Apicheck-Session: NAME'. Admin writes need 'Content-Type: application/json';
        on loopback the admin API answers only its own Host and Origin. With --host, anyone who
        reaches the server can use the admin API unless --admin-token protects it.
        SIGINT or SIGTERM stops it cleanly: no new connection, answers under way finish (up to
        5 s), exit 0. docs/serve.md describes it all.
        """
    }

    let context: CommandContext
    let options: MockServerOptions
    let mocks: MockFolderOption

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        mocks = try MockFolderOption(arguments, context: context)
        var scenarios: [String: ScenarioName] = [:]
        let assignments: [(String, String)] = try arguments[Self.scenario]
        for (id, name) in assignments { scenarios[id] = ScenarioName(name) }
        let quiet: Bool = try arguments[Self.quiet]
        let console = context.console
        var options = MockServerOptions(port: try arguments[Self.port], scenarios: scenarios, maxMockBytes: mocks.maxFileBytes)
        options.host = try arguments[Self.host] ?? "127.0.0.1"
        options.basePath = try arguments[Self.basePath]
        options.recordedOrigins = try arguments[Self.recordedOrigin]
        options.stateless = try arguments[Self.stateless]
        options.cors = try arguments[Self.cors]
        options.delay = try arguments[Self.delay]
        options.allowInvalid = try arguments[Self.allowInvalid]
        options.adminToken = try arguments[Self.adminToken]
        if options.adminToken?.isEmpty == true { throw UsageError("--admin-token needs a token that is not empty") }
        options.configuration.perClientConnectionLimit = try arguments[Self.clientConnections]
        let lifetime: Int? = try arguments[Self.tokenLifetime]
        if let lifetime {
            if options.stateless { throw UsageError("--token-lifetime needs the auth emulation that --stateless turns off") }
            options.tokenLifetime = .seconds(lifetime)
        }
        // The login accepts the account and password the environment gives, as live sends them;
        // others get its wrong_password variant.
        // A token issued beforehand is accepted as the environment gives it, as live sends it.
        for name in [context.api.auth.accountVariable, context.api.auth.passwordVariable]
            + [context.api.auth.tokenVariable].compactMap({ $0 })
        {
            if let value = context.environment[name] { options.credentials[name] = value }
        }
        if !quiet {
            // Every waiting line in one write: a busy server's log costs a write per batch, not
            // per request. Lines hold no newline of their own (DisplayText escapes them); the
            // text ends in one, so the console adds none (which would copy it).
            let log: @Sendable (String) -> Void = { text in console.err(text) }
            options.logText = log
        }
        func path(_ file: String) -> String {
            URL(fileURLWithPath: file, relativeTo: context.workingDirectory).standardizedFileURL.path
        }
        switch (try arguments[Self.tlsCert], try arguments[Self.tlsKey]) {
        case (nil, nil):
            break
        case let (certificate?, key?):
            do {
                options.configuration.tls = try HTTPServerTLS(certificateFile: path(certificate), keyFile: path(key))
            } catch {
                throw UsageError("\(error)")
            }
        default:
            throw UsageError("--tls-cert and --tls-key go together")
        }
        self.options = options
    }

    func run() async throws -> ExitCode {
        guard let folder = mocks.directory else { throw CommandFailure(mocks.explanation + " (give --mocks DIR)") }
        let server: MockServer
        do {
            server = try MockServer(api: context.api, mocks: folder, options: options)
        } catch {
            let redactor = context.api.makeRedactor()
            for finding in error.findings {
                note("  " + redactor.redact((finding.file.map { "\($0): " } ?? "\(finding.endpoint ?? "-"): ") + finding.message))
            }
            // The server does not know the tool's name; the command that lists the problems does.
            throw CommandFailure(
                DisplayText.escaped(error.findings.isEmpty ? error.message : error.message + "; '\(context.tool) mocks' lists them"))
        }
        if !options.bindsLoopback {
            note(
                "warning: binding \(options.host): the mock server is reachable from other machines, and so is its admin API "
                    + (options.adminToken == nil
                        ? "(anyone who reaches it can set faults and read the journal; --admin-token TOKEN protects it)"
                        : "(protected by --admin-token)"))
        }
        if options.allowInvalid {
            let redactor = context.api.makeRedactor()
            // Named as the refusal names them: which endpoint, in which file.
            for finding in server.warnings where finding.severity == .error {
                let place = [finding.endpoint, finding.file].compactMap { $0 }.joined(separator: " ")
                note("serving despite: " + redactor.redact((place.isEmpty ? "" : place + ": ") + finding.message))
            }
        }
        // Installed before the server starts: a signal from then on stops it cleanly.
        let stopSignal = StopSignal()
        do {
            try server.start()
        } catch {
            throw CommandFailure(DisplayText.escaped("\(error)"))
        }
        note(
            "serving the \(context.api.name) API from \(folder.path) on \(server.baseURL.absoluteString) "
                + "(admin: \(server.adminURL.absoluteString)); Ctrl-C stops it")
        if let lifetime = Self.lifetimeNote(api: context.api, options: options) { note(lifetime) }
        for line in server.tokenNotes { note(line) }
        let heard: String =
            switch await stopSignal.wait() {
            case .signal(SIGTERM): "SIGTERM"
            case .signal: "SIGINT"
            case .cancelled: "cancelled"
            }
        note("\(heard): stopping (answers under way get up to \(Self.grace.components.seconds) s)")
        let finished = server.stop(grace: Self.grace)
        server.flushLog(timeout: .seconds(1))
        if server.droppedLogLines > 0 { note("\(server.droppedLogLines) log lines were dropped: stderr was not being read") }
        note(finished ? "stopped" : "stopped; answers still under way after \(Self.grace.components.seconds) s were cut")
        return .success
    }

    /// Why tokens die by themselves, where they do: a token that stops working after five
    /// minutes should not surprise whoever started serve.
    static func lifetimeNote(api: API, options: MockServerOptions) -> String? {
        guard !options.stateless else { return nil }
        if let lifetime = options.tokenLifetime {
            guard lifetime > .zero else { return nil }
            return "tokens expire \(lifetime.components.seconds) s after they are issued (--token-lifetime)"
        }
        guard let path = api.auth.refresh?.expiresInPath else { return nil }
        return "tokens expire after the lifetime their login's or refresh's answer gives at \(path) (--token-lifetime 0: never)"
    }

    /// Every line serve prints about itself goes through `DisplayText`: file names, folders and
    /// messages may hold anything.
    private func note(_ text: String) {
        context.note(DisplayText.escaped(text))
    }
}

extension ValueParser where Value == (String, String) {
    /// `statuses.show=not_found`.
    static let assignment = ValueParser { text, option throws(UsageError) in
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
            throw UsageError("--\(option) expects ID=NAME (an endpoint id and a scenario), got '\(text)'")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}

extension ValueParser where Value == ClosedRange<Int> {
    /// `200` or `100-500`, in milliseconds, at most a minute.
    static let milliseconds = ValueParser { text, option throws(UsageError) in
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let low = parts.first ?? nil, let high = parts.last ?? nil,
            low >= 0, low <= high, high <= 60_000
        else {
            throw UsageError("--\(option) expects milliseconds (200) or a range (100-500), at most 60000, got '\(text)'")
        }
        return low...high
    }
}
