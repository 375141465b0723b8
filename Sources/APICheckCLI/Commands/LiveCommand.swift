import APICheck
import CurlClient
import Foundation

/// `apicheck live`: the contract checked against a real server. Its options and how they are read
/// are in `LiveCommand+Options.swift`.
struct LiveCommand: Command {
    static let name = "live"
    static let abstract = "Check every endpoint against a server: envelope, decode, auth probes, drift."

    let context: CommandContext
    let target: TargetOptions
    let connection: ConnectionOptions
    let strict: Bool
    let verbose: Bool
    let mocks: MockFolderOption
    let reports: ReportOptions
    let history: HistoryOption

    func run() async throws -> ExitCode {
        // Big answers are read on whichever thread is free: one arena, so freed memory is reused.
        AllocatorArenas.shareOne()
        let console = context.console
        let writer = ReportWriter(context: context, verbose: verbose)
        let destinations = reports.destinations
        // Before the run, not after: a run changes staging (it registers accounts) and takes time.
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        let live = try LiveTarget(
            context, baseURL: target.baseURL, only: target.only, readsOnly: target.readsOnly, excluded: target.excluded, doing: .check)
        target.noteShard(context)
        target.noteDependencies(context)
        defer { live.sandbox?.stop() }
        if mocks.directory == nil {
            context.note("\(mocks.explanation); drift is not checked")
        }

        let transport = connection.transport()
        defer { transport.shutdown() }
        let redactor = context.api.makeRedactor()
        if let password = connection.tls.keyPassword { redactor.register(password) }
        let showProgress = console.stderrIsTerminal && !verbose
        let observer = ConsoleRunObserver(console: console, trace: verbose, progress: showProgress)
        let options = target.liveOptions(
            live, connection: connection, maxMockBytes: mocks.maxFileBytes, mocksDirectory: mocks.directory, strict: strict)
        let check = LiveCheck(
            api: context.api, transport: transport, options: options, redactor: redactor,
            observers: [observer])
        var report = await check.run()
        report.shard = target.shard
        report.runID = target.runID
        report.environment = target.environmentName
        if mocks.directory == nil { report.runFindings.append(mocks.driftNotChecked) }
        observer.runEnded()
        let code = writer.write(report, to: destinations, history: history.past(report, for: destinations, context: context))
        return history.keep(report, code: code, context: context, redactor: redactor, mocksCompared: mocks.directory != nil)
    }
}
