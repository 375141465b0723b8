import APICheck
import Foundation

/// `apicheck mocks`: the offline audit of the mocks folder.
struct MocksCommand: Command {
    static let name = "mocks"
    static let abstract = "Check every mock offline: parses, envelope, decodes, variants, orphans."
    static let options: [any OptionDeclaration] = [MocksOption.mocks] + ReportOptions.all
    static let exitCodes: String? = "0 clean, 1 problems found, 2 usage error"

    static func discussion(tool: String) -> String {
        """
        Checks, without any network, that every mock file parses as JSON, has a well-formed
        envelope that classifies as its scenario says, decodes into its endpoint's type, that
        every required variant exists (success; logout and expired for endpoints that need the
        token; each declared failure scenario) and that no file is an orphan.
        """
    }

    let context: CommandContext
    let directory: URL
    let destinations: [ReportDestination]

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        directory = try MocksOption.given(arguments, context: context) ?? MocksOption.fallback(context)
        destinations = try ReportOptions.destinations(arguments)
    }

    func run() async throws -> ExitCode {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("no mocks folder at \(directory.path) (give --mocks DIR)")
        }
        let report = MockAudit(api: context.api, directory: directory).run()
        let writer = ReportWriter(context: context)
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        return writer.write(report, to: destinations)
    }
}
