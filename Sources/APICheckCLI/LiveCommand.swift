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
        let writer = ReportWriter(context: context)
        // Before the run, not after: a run changes staging (it registers accounts) and takes time.
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        let live = try LiveTarget(context, baseURL: baseURL, only: only, doing: "checking")
        defer { live.sandbox?.stop() }
        let target = live.url, environment = live.environment
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
