import APICheck
import CurlClient
import Foundation

/// `apicheck live`: the contract checked against a real server. Its options and how they are read
/// are in `LiveCommand+Options.swift`.
struct LiveCommand: Command {
    static let name = "live"
    static let abstract = "Check every endpoint against a server: envelope, decode, auth probes, drift."

    let context: CommandContext
    let baseURL: URL?
    let only: Set<String>?
    let concurrency: Int
    let timeout: Double
    let maxBody: Int
    let strict: Bool
    let insecure: Bool
    let tls: CurlTLSOptions
    let certificateWarningDays: Int
    let probes: Bool
    let verbose: Bool
    let mocks: MockFolderOption
    let destinations: [ReportDestination]


    func run() async throws -> ExitCode {
        let console = context.console
        let problems = context.api.problems
        if !problems.isEmpty {
            throw CommandFailure("the \(context.api.name) API's declarations need fixing first:\n"
                + problems.map { "  \($0.endpoint): \($0.message)" }.joined(separator: "\n"))
        }
        var environment = context.environment
        let writer = ReportWriter(context: context)
        // Before the run, not after: a run changes staging (it registers accounts) and takes time.
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        var sandbox: (any RunningSandbox)?
        let target: URL
        if let baseURL {
            target = baseURL
        } else {
            guard let launcher = context.sandbox else {
                throw CommandFailure("no target: give --base-url URL, --env NAME or set APICHECK_BASE_URL")
            }
            do {
                let running = try launcher.start(port: 0, tokenTTL: 3600, faults: [])
                sandbox = running
                target = running.baseURL
            } catch {
                throw CommandFailure("cannot start the bundled sandbox: \(error)")
            }
            context.note("no target configured; checking the bundled sandbox at \(target.absoluteString)")
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
            throw CommandFailure("set \(context.api.auth.accountVariable) and \(context.api.auth.passwordVariable) "
                + "to the account to check \(context.api.makeRedactor().display(target)) with (credentials are never taken from flags)")
        }
        if mocks.directory == nil {
            context.note("\(mocks.explanation); drift is not checked")
        }

        var configuration = CurlConfiguration(
            concurrency: concurrency, connectTimeout: timeout, timeout: timeout, maxBodyBytes: maxBody, insecure: insecure)
        configuration.tls = tls
        let transport = CurlTransport(configuration: configuration)
        defer { transport.shutdown() }
        let redactor = context.api.makeRedactor()
        if let password = tls.keyPassword { redactor.register(password) }
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
        options.certificateWarningDays = certificateWarningDays
        let check = LiveCheck(api: context.api, transport: transport, options: options, redactor: redactor,
                              trace: trace, progress: progress)
        var report = await check.run()
        if mocks.directory == nil { report.runFindings.append(mocks.driftNotChecked) }
        if showProgress { console.errRaw("\r\u{1B}[K") }
        return writer.write(report, to: destinations)
    }
}
