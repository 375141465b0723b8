import APICheck
import CurlClient
import Foundation

/// `apicheck live`: the contract checked against a real server.
struct LiveCommand: Command {
    static let name = "live"
    static let abstract = "Check every endpoint against a server: envelope, decode, auth probes, drift."
    static let usage = """
        usage: apicheck live [--base-url URL | --env NAME] [--only ID,...] [--concurrency N]
                             [--timeout S] [--max-body BYTES] [--strict] [--insecure] [--no-probes]
                             [--mocks DIR] [--max-mock SIZE] [--report FORMAT[:FILE]]... [--output FILE]
                             [--verbose]

        Calls every declared endpoint (concurrently, over one libcurl multi handle), checks the
        HTTP status, the envelope, the decoding into the declared Swift type, probes the auth
        failure paths (a dead token must classify as token expired, a token revoked by a second
        login as logout, a logged-out token as token expired), and reports drift against the mocks.

        target, first found: --base-url URL; --env NAME (from the API catalog); $APICHECK_BASE_URL;
        else the bundled sandbox, started on a free loopback port.
        credentials: the environment variables the API's auth policy names (APICHECK_ACCOUNT and
        APICHECK_PASSWORD by default), never flags; the sandbox's own account when checking it.

        options:
          --base-url URL            the API's base URL, e.g. https://staging.example.com/Api/
          --env NAME                a base URL named in the API catalog (see the API declaration)
          --only ID,...             check only these endpoint ids (repeatable)
          --concurrency N           requests in flight at once (default 8)
          --timeout S               seconds per request, connect and total (default 10)
          --max-body BYTES          body cap, e.g. 33554432, 32M or 512K (default 32M)
          --strict                  warnings fail the run too
          --insecure                do not verify TLS certificates
          --no-probes               skip the auth probes
        \(MockFolderOption.help)
          --report FORMAT[:FILE]    text (default), json, junit or github; repeatable
          --output FILE             write the first report without a file here
          --verbose                 trace every request and response on stderr, secrets masked
          -h, --help                show this help

        exit codes: 0 the contract holds; 1 violated (errors, or warnings with --strict);
                    2 usage or configuration error; 3 the target is unreachable
        """

    let context: CommandContext
    let baseURL: URL?
    let only: Set<String>?
    let concurrency: Int
    let timeout: Double
    let maxBody: Int
    let strict: Bool
    let insecure: Bool
    let probes: Bool
    let verbose: Bool
    let mocks: MockFolderOption
    let destinations: [ReportDestination]

    init(_ arguments: [String], context: CommandContext) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: [
            "base-url": .value, "env": .value, "only": .repeated, "concurrency": .value, "timeout": .value,
            "max-body": .value, "strict": .flag, "insecure": .flag, "no-probes": .flag,
            "report": .repeated, "output": .value, "verbose": .flag,
        ].merging(MockFolderOption.options) { $1 }, shortFlags: ["h": "help", "v": "verbose"])
        try parsed.noPositionals()
        self.context = context
        if parsed.value("base-url") != nil, parsed.value("env") != nil {
            throw UsageError("give --base-url or --env, not both")
        }
        if let text = parsed.value("base-url") {
            baseURL = try Self.baseURL(text, from: "--base-url")
        } else if let name = parsed.value("env") {
            guard let url = context.api.environments[name] else {
                let known = context.api.environments.keys.sorted().joined(separator: ", ")
                throw UsageError("unknown environment '\(name)' (the \(context.api.name) API names: \(known.isEmpty ? "none" : known))")
            }
            baseURL = url
        } else if let text = context.environment["APICHECK_BASE_URL"], !text.isEmpty {
            baseURL = try Self.baseURL(text, from: "APICHECK_BASE_URL")
        } else {
            baseURL = nil
        }
        if parsed.all("only").contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw UsageError("--only needs endpoint ids (see 'apicheck list')")
        }
        let ids = parsed.all("only").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        if !ids.isEmpty {
            let known = Set(context.api.endpoints.map(\.id))
            if let unknown = ids.first(where: { !known.contains($0) }) {
                throw UsageError("--only: no endpoint '\(unknown)' (see 'apicheck list')")
            }
            only = Set(ids)
        } else {
            only = nil
        }
        concurrency = try parsed.int("concurrency", in: 1...256) ?? 8
        timeout = try parsed.seconds("timeout") ?? 10
        maxBody = try Self.bytes(parsed.value("max-body")) ?? 32 << 20
        strict = parsed.flag("strict")
        insecure = parsed.flag("insecure")
        probes = !parsed.flag("no-probes")
        verbose = parsed.flag("verbose")
        mocks = try MockFolderOption(parsed, context: context)
        destinations = try ReportDestination.parse(parsed)
    }

    static func baseURL(_ text: String, from source: String) throws(UsageError) -> URL {
        var text = text
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            // A URL with user info may hold a credential: do not echo it.
            throw UsageError("\(source): \(text.contains("@") ? "the URL given" : "'\(text)'") is not an http(s) URL")
        }
        return url
    }

    static func bytes(_ text: String?, option: String = "--max-body") throws(UsageError) -> Int? {
        guard let text else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text.uppercased())
        var multiplier = 1
        if digits.hasSuffix("B"), digits.count > 1, units[digits[digits.index(before: digits.index(before: digits.endIndex))]] != nil {
            digits = digits.dropLast()
        }
        if let last = digits.last, let unit = units[last] { multiplier = unit; digits = digits.dropLast() }
        guard let number = Int(digits), number > 0, number <= Int.max / multiplier else {
            throw UsageError("\(option) expects a size such as 33554432, 32M or 512K, got '\(text)'")
        }
        return number * multiplier
    }

    func run() async -> Int32 {
        let console = context.console
        let problems = context.api.problems
        if !problems.isEmpty {
            console.err("apicheck live: the \(context.api.name) API's declarations need fixing first:\n"
                + problems.map { "  \($0.endpoint): \($0.message)" }.joined(separator: "\n"))
            return 2
        }
        var environment = context.environment
        let writer = ReportWriter(console: console, environment: context.environment, workingDirectory: context.workingDirectory)
        // Before the run, not after: a run changes staging (it registers accounts) and takes time.
        if let problem = writer.unwritable(destinations) {
            console.err("apicheck live: \(problem)")
            return 2
        }
        var sandbox: (any RunningSandbox)?
        let target: URL
        if let baseURL {
            target = baseURL
        } else {
            guard let launcher = context.sandbox else {
                console.err("apicheck live: no target: give --base-url URL, --env NAME or set APICHECK_BASE_URL")
                return 2
            }
            do {
                let running = try launcher.start(port: 0, tokenTTL: 3600, faults: [])
                sandbox = running
                target = running.baseURL
            } catch {
                console.err("apicheck live: cannot start the bundled sandbox: \(error)")
                return 2
            }
            console.err("apicheck live: no target configured; checking the bundled sandbox at \(target.absoluteString)")
            // The sandbox's demo account, unless the environment names one.
            if (environment[context.api.auth.accountVariable] ?? "").isEmpty, (environment[context.api.auth.passwordVariable] ?? "").isEmpty {
                environment[context.api.auth.accountVariable] = launcher.account
                environment[context.api.auth.passwordVariable] = launcher.password
            }
        }
        defer { sandbox?.stop() }

        let selected = context.api.endpoints.filter { only?.contains($0.id) ?? true }
        if selected.contains(where: { $0.requiresToken || $0.id == context.api.auth.loginEndpoint }),
           [context.api.auth.accountVariable, context.api.auth.passwordVariable].contains(where: { environment[$0]?.isEmpty ?? true }) {
            console.err("apicheck live: set \(context.api.auth.accountVariable) and \(context.api.auth.passwordVariable) "
                + "to the account to check \(context.api.makeRedactor().display(target)) with (credentials are never taken from flags)")
            return 2
        }
        if let problem = mocks.problem {
            console.err("apicheck live: \(problem)")
            return 2
        }
        if mocks.directory == nil {
            console.err("apicheck live: \(mocks.explanation); drift is not checked")
        }

        let transport = CurlTransport(configuration: CurlConfiguration(
            concurrency: concurrency, connectTimeout: timeout, timeout: timeout, maxBodyBytes: maxBody, insecure: insecure))
        defer { transport.shutdown() }
        let redactor = context.api.makeRedactor()
        let showProgress = console.stderrIsTerminal && !verbose
        var trace: (@Sendable (String) -> Void)?
        if verbose { trace = { console.err($0) } }
        var progress: (@Sendable (Int, Int, Int) -> Void)?
        if showProgress {
            progress = { done, total, failed in
                console.errRaw("\r" + TextReport.progressLine(done: done, total: total, failed: failed))
            }
        }
        var options = LiveOptions(baseURL: target, only: only, concurrency: concurrency, strict: strict,
                                  mocksDirectory: mocks.directory, environment: environment, probes: probes)
        options.maxMockBytes = mocks.maxFileBytes
        let check = LiveCheck(api: context.api, transport: transport, options: options, redactor: redactor,
                              trace: trace, progress: progress)
        var report = await check.run()
        if mocks.directory == nil { report.runFindings.append(mocks.driftNotChecked) }
        if showProgress { console.errRaw("\r\u{1B}[K") }
        // A report that could not be written is a configuration error, unless the run already failed.
        guard writer.write(report, to: destinations) else { return report.exitCode == 0 ? 2 : report.exitCode }
        return report.exitCode
    }
}
