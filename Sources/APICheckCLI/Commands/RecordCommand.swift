import APICheck
import Foundation

/// `apicheck record`: the live run's answers written into the mocks, redacted and proven.
struct RecordCommand: Command {
    static let name = "record"
    static let abstract = "Write live answers (and the auth probes' answers) into the mocks, redacted and proven."
    static let options: [any OptionDeclaration] =
        TargetOptions.all + MockWriteOptions.all
        + ConnectionOptions.all + ReportOptions.all + HistoryOption.all + [LiveCommand.verbose]
    static let exitCodes: String? = """
        0 recorded; 1 the contract is violated (an answer refused, a probe answered the wrong way);
                    2 usage or configuration error; 3 the target is unreachable
        """

    static func discussion(tool: String) -> String {
        """
        Runs what '\(tool) live' runs (the same login, samples, order and auth probes) and writes
        each endpoint's success answer into its mock; with probes, the dead-token answer into
        <mock>@expired.json and, where a login revokes earlier tokens, the revoked-token answer
        into <mock>@logout.json, with their real HTTP statuses (pinned in the name,
        <mock>@expired.401.json, when the envelope policy implies another).

        Before anything is written, secrets are replaced by stable placeholders of the same JSON
        type: tokens issued in the run, the token field, passwords, the API's redacted fields and
        every --redact path. Every file is then audited as '\(tool) mocks' would; an answer that
        violates the contract is refused (exit 1) unless --force. An answer that still holds a
        secret in any form (escaped, encoded, in another case, as hex, inside base64), or a file
        over --max-mock, is refused even with --force. Files are written atomically and
        only when their bytes change: pretty-printed, 2-space indent, keys in the server's order.
        Prints per file: created, updated (with the paths added, removed or changed), unchanged,
        refused. --mocks DIR is created when missing; the target is found as for '\(tool) live'.
        --reads-only records the reads' mocks only and sends no write, as '\(tool) live --reads-only'.
        --report writes the run's report as '\(tool) live' does; the file listing then goes to
        stderr when the report goes to stdout.

        \(ConnectionOptions.tlsDiscussion)
        """
    }

    let context: CommandContext
    let target: TargetOptions
    let connection: ConnectionOptions
    let verbose: Bool
    let writing: MockWriteOptions
    /// Nil when no --report was given: then the listing and the problems are all that is printed.
    let reports: ReportOptions?
    let history: HistoryOption

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        target = try TargetOptions(arguments, context: context)
        connection = try ConnectionOptions(arguments, context: context)
        verbose = try arguments[LiveCommand.verbose]
        writing = try MockWriteOptions(arguments, context: context)
        reports = arguments.given(ReportOptions.report) || arguments.given(ReportOptions.output) ? try ReportOptions(arguments) : nil
        history = try HistoryOption(arguments, context: context)
    }

    func run() async throws -> ExitCode {
        // Big answers are read on whichever thread is free: one arena, so freed memory is reused.
        AllocatorArenas.shareOne()
        let api = context.api
        let writer = ReportWriter(context: context, verbose: verbose)
        let destinations = reports?.destinations ?? []
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        let live = try LiveTarget(
            context, baseURL: target.baseURL, only: target.only, readsOnly: target.readsOnly, excluded: target.excluded, doing: .record)
        target.noteShard(context)
        target.noteDependencies(context)
        defer { live.sandbox?.stop() }
        let transport = connection.transport()
        defer { transport.shutdown() }
        let options = target.liveOptions(live, connection: connection, maxMockBytes: writing.maxMockBytes)
        let recorder = MockRecorder(
            api: api, transport: transport, options: options, directory: writing.directory,
            redactPaths: writing.redactPaths, dryRun: writing.dryRun, force: writing.force)
        let redactor = api.makeRedactor()
        if let password = connection.tls.keyPassword { redactor.register(password) }
        let observer = ConsoleRunObserver(console: context.console, trace: verbose, progress: false)
        let recording = await recorder.run(redactor: redactor, observers: [observer])
        // A report on stdout keeps stdout to itself: the listing says the same on stderr.
        var listing = context
        if destinations.contains(where: { $0.file == nil }) { listing.console = context.console.divertingOutput }
        MockWriteListing(context: listing, directory: writing.directory, dryRun: writing.dryRun).print(recording.files)
        for finding in recording.listedFindings {
            listing.console.out(
                MockWriteListing.printable(
                    "\(finding.severity.rawValue) \(finding.kind.rawValue) \(finding.endpoint ?? "-") \(finding.summaryLine)"))
        }
        var report = recording.fullReport
        report.shard = target.shard
        report.runID = target.runID
        report.environment = target.environmentName
        let code =
            reports == nil
            ? ExitCode(recording.verdict)
            : writer.write(
                report, to: destinations, verdict: recording.verdict,
                history: history.past(report, for: destinations, context: context))
        return history.keep(report, code: code, context: context, redactor: redactor, mocksCompared: true)
    }
}
