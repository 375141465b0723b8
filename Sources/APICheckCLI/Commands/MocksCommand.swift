import APICheck
import Foundation

/// `apicheck mocks`: the offline audit of the mocks folder.
struct MocksCommand: Command {
    static let name = "mocks"
    static let abstract = "Check every mock offline: parses, envelope, decodes, variants, orphans."
    static let options: [any OptionDeclaration] = MockFolderOption.all + ReportOptions.all
    static let exitCodes: String? = "0 clean, 1 problems found, 2 usage error"

    static func discussion(tool: String) -> String {
        """
        Checks, without any network, that every mock file parses as JSON, has a well-formed
        envelope that classifies as its scenario says, decodes into its endpoint's type, that
        every required variant exists (success; logout and expired for endpoints that need the
        token; each declared failure scenario), that every variant's scenario is declared, and that
        no file is an orphan. Each file is read once; files over the size cap are not read.
        """
    }

    let context: CommandContext
    let mocks: MockFolderOption
    let destinations: [ReportDestination]

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        mocks = try MockFolderOption(arguments, context: context)
        destinations = try ReportOptions(arguments).destinations
    }

    func run() async throws -> ExitCode {
        guard let directory = mocks.directory else { throw CommandFailure("\(mocks.explanation) (give --mocks DIR)") }
        let report = MockAudit(api: context.api, directory: directory, maxFileBytes: mocks.maxFileBytes).run()
        let writer = ReportWriter(context: context)
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        return writer.write(report, to: destinations)
    }
}
