import APICheck
import Foundation

/// `apicheck mocks`: the offline audit of the mocks folder.
struct MocksCommand: Command {
    static let name = "mocks"
    static let abstract = "Check every mock offline: parses, envelope, decodes, variants, orphans."
    static let usage = """
        usage: apicheck mocks [--mocks DIR] [--report FORMAT[:FILE]]... [--output FILE]

        Checks, without any network, that every mock file parses as JSON, has a well-formed
        envelope that classifies as its scenario says, decodes into its endpoint's type, that
        every required variant exists (success; logout and expired for endpoints that need the
        token; each declared failure scenario) and that no file is an orphan.

        options:
          --mocks DIR               the mocks folder (default: $APICHECK_MOCKS, else ./mocks)
          --report FORMAT[:FILE]    text (default), json, junit or github; repeatable
          --output FILE             write the first report without a file here
          -h, --help                show this help

        exit codes: 0 clean, 1 problems found, 2 usage error
        """

    let context: CommandContext
    let directory: URL
    let destinations: [ReportDestination]

    init(_ arguments: [String], context: CommandContext) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: ["mocks": .value, "report": .repeated, "output": .value])
        try parsed.noPositionals()
        self.context = context
        let folder = parsed.value("mocks") ?? context.environment["APICHECK_MOCKS"] ?? "mocks"
        directory = URL(fileURLWithPath: folder, relativeTo: context.workingDirectory).standardizedFileURL
        destinations = try ReportDestination.parse(parsed)
    }

    func run() async -> Int32 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            context.console.err("apicheck mocks: no mocks folder at \(directory.path) (give --mocks DIR)")
            return 2
        }
        let report = MockAudit(api: context.api, directory: directory).run()
        let writer = ReportWriter(console: context.console, environment: context.environment,
                                  workingDirectory: context.workingDirectory)
        if let problem = writer.unwritable(destinations) {
            context.console.err("apicheck mocks: \(problem)")
            return 2
        }
        // A report that could not be written is a configuration error, unless the run already failed.
        guard writer.write(report, to: destinations) else { return report.exitCode == 0 ? 2 : report.exitCode }
        return report.exitCode
    }
}
