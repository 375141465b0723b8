import APICheck
import CurlClient
import Foundation

/// `apicheck record`: the live run's answers written into the mocks, redacted and proven.
struct RecordCommand: Command {
    static let name = "record"
    static let abstract = "Write live answers (and the auth probes' answers) into the mocks, redacted and proven."
    static let redact = Option.repeated("redact", "JSONPATH", help: "also replace the value at this path, e.g. $.datas.phone or $.datas[*].mail",
                                        parse: .jsonPath)
    static let dryRun = Option.flag("dry-run", help: "say what would be written, write nothing")
    static let force = Option.flag("force", help: "write answers that violate the contract too")
    static let options: [any OptionDeclaration] = [
        LiveCommand.baseURL, LiveCommand.env, LiveCommand.only, MockFolderOption.mocks, LiveCommand.noProbes, redact, dryRun, force,
        LiveCommand.concurrency, LiveCommand.timeout, LiveCommand.maxBody, LiveCommand.insecure, LiveCommand.verbose,
    ]
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
        violates the contract is refused (exit 1) unless --force. Files are written atomically and
        only when their bytes change: pretty-printed, 2-space indent, keys in the server's order.
        Prints per file: created, updated (with the paths added, removed or changed), unchanged,
        refused. --mocks DIR is created when missing; the target is found as for '\(tool) live'.
        """
    }

    let context: CommandContext
    let baseURL: URL?
    let only: Set<String>?
    let probes: Bool
    let concurrency: Int
    let timeout: Double
    let maxBody: Int
    let insecure: Bool
    let verbose: Bool
    let directory: URL
    let redactPaths: [JSONPath]
    let dryRun: Bool
    let force: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        baseURL = try LiveCommand.target(arguments, context: context)
        only = try LiveCommand.selectedIDs(arguments[LiveCommand.only], context: context)
        probes = try !arguments[LiveCommand.noProbes]
        concurrency = try arguments[LiveCommand.concurrency]
        timeout = try arguments[LiveCommand.timeout]
        maxBody = try arguments[LiveCommand.maxBody]
        insecure = try arguments[LiveCommand.insecure]
        verbose = try arguments[LiveCommand.verbose]
        directory = try Self.directory(arguments, context: context)
        redactPaths = try arguments[Self.redact]
        dryRun = try arguments[Self.dryRun]
        force = try arguments[Self.force]
    }

    /// --mocks DIR (made when missing), else where `live` would find the mocks.
    static func directory(_ arguments: ParsedArguments, context: CommandContext) throws -> URL {
        if let folder = try arguments[MockFolderOption.mocks] ?? context.environment["APICHECK_MOCKS"] {
            return URL(fileURLWithPath: folder, relativeTo: context.workingDirectory).standardizedFileURL
        }
        guard let found = MockLocator.locate(workingDirectory: context.workingDirectory, declaredIn: context.api.declaredIn).url else {
            throw CommandFailure("no mocks folder found; give --mocks DIR")
        }
        return found
    }

    func run() async throws -> ExitCode {
        let api = context.api
        let live = try LiveTarget(context, baseURL: baseURL, only: only, doing: "recording")
        defer { live.sandbox?.stop() }
        let target = live.url, environment = live.environment
        let transport = CurlTransport(configuration: CurlConfiguration(
            concurrency: concurrency, connectTimeout: timeout, timeout: timeout, maxBodyBytes: maxBody,
            insecure: insecure))
        defer { transport.shutdown() }
        let options = LiveOptions(baseURL: target, only: only, concurrency: concurrency,
                                  environment: environment, probes: probes)
        let recorder = MockRecorder(api: api, transport: transport, options: options, directory: directory,
                                    redactPaths: redactPaths, dryRun: dryRun, force: force)
        let console = context.console
        var trace: (@Sendable (String) -> Void)?
        if verbose { trace = { console.err($0) } }
        let recording = await recorder.run(trace: trace)
        MockWriteListing(context: context, directory: directory, dryRun: dryRun).print(recording.files)
        for finding in recording.notRecorded + recording.violations + recording.report.runFindings.filter({ $0.severity == .error }) {
            console.out(MockWriteListing.printable("\(finding.severity.rawValue) \(finding.kind.rawValue) \(finding.endpoint) \(finding.summaryLine)"))
        }
        return ExitCode(reportCode: recording.exitCode)
    }
}
