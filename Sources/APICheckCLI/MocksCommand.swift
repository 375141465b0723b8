import APICheck
import Foundation

/// `apicheck mocks`: the offline audit of the mocks folder.
struct MocksCommand: Command {
    static let name = "mocks"
    static let abstract = "Check every mock offline: parses, envelope, decodes, variants, orphans."
    static let usage = """
        usage: apicheck mocks [--mocks DIR] [--max-mock SIZE] [--report FORMAT[:FILE]]... [--output FILE]

        Checks, without any network, that every mock file parses as JSON, has a well-formed
        envelope that classifies as its scenario says, decodes into its endpoint's type, that
        every required variant exists (success; logout and expired for endpoints that need the
        token; each declared failure scenario), that every variant's scenario is declared, and that
        no file is an orphan. Each file is read once; files over the size cap are not read.

        options:
        \(MockFolderOption.help)
          --report FORMAT[:FILE]    text (default), json, junit or github; repeatable
          --output FILE             write the first report without a file here
          -h, --help                show this help

        exit codes: 0 clean, 1 problems found, 2 usage error
        """

    let context: CommandContext
    let mocks: MockFolderOption
    let destinations: [ReportDestination]

    init(_ arguments: [String], context: CommandContext) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: ["report": .repeated, "output": .value].merging(MockFolderOption.options) { $1 })
        try parsed.noPositionals()
        self.context = context
        mocks = try MockFolderOption(parsed, context: context)
        destinations = try ReportDestination.parse(parsed)
    }

    func run() async -> Int32 {
        guard let directory = mocks.directory else {
            context.console.err("apicheck mocks: \(mocks.problem ?? mocks.explanation + " (give --mocks DIR)")")
            return 2
        }
        let report = MockAudit(api: context.api, directory: directory, maxFileBytes: mocks.maxFileBytes).run()
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
