import APICheck
import Foundation

/// `apicheck import-har FILE`: a browser or proxy capture into mocks, redacted and proven.
struct ImportHARCommand: Command {
    static let name = "import-har"
    static let abstract = "Turn a HAR capture (browser DevTools, Charles, Proxyman, mitmproxy) into mocks."
    static let arguments = [CommandArgument(name: "FILE", help: "the HAR 1.2 file")]
    static let baseURL = Option.optional(
        "base-url", "URL", help: "only entries from this origin, matched under this base path",
        parse: .text)
    static let options: [any OptionDeclaration] = MockWriteOptions.all + [baseURL]
    static let exitCodes: String? = "0 imported; 1 an answer violates the contract (refused); 2 usage error or unreadable file"

    static func discussion(tool: String) -> String {
        """
        Reads a HAR 1.2 capture (content.text plain or base64) and matches each entry to a
        declared endpoint by method and path template under the API's base path (the host is
        ignored unless --base-url filters; query order and extra query parameters too). Each
        answer is classified by the envelope policy: success becomes the endpoint's mock, the
        logout code <mock>@logout.json, a dead-token answer <mock>@expired.json, a failure code the
        declared scenario whose mock carries that code. The latest answer for a mock wins.

        Not written, but listed: failure codes no declared scenario carries, entries whose body the
        capture left out, routes nobody declared; answers that are not JSON are counted. Secrets
        (tokens in URLs, headers and cookies, passwords, the API's redacted fields, --redact paths)
        are replaced by stable placeholders, and files are proven and written as by '\(tool) record':
        an answer still holding a secret in any form, or a file over --max-mock, is never written.
        """
    }

    let context: CommandContext
    let file: URL
    let writing: MockWriteOptions
    let base: URL?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        file = URL(fileURLWithPath: arguments.positionals[0], relativeTo: context.workingDirectory).standardizedFileURL
        writing = try MockWriteOptions(arguments, context: context)
        base = try arguments[Self.baseURL].map { try TargetOptions.parseBaseURL($0, from: "--base-url") }
    }

    func run() async throws -> ExitCode {
        let archive: HARArchive
        do {
            archive = try HARArchive(contentsOf: file)
        } catch {
            throw CommandFailure("\(file.path): \(error.description)")
        }
        let result = HARImport(
            api: context.api, directory: writing.directory, baseURL: base, redactPaths: writing.redactPaths,
            dryRun: writing.dryRun, force: writing.force, maxFileBytes: writing.maxMockBytes
        ).run(archive)
        MockWriteListing(context: context, directory: writing.directory, dryRun: writing.dryRun).print(result.files)
        for line in result.lines { context.console.out(MockWriteListing.printable(line)) }
        return ExitCode(result.verdict)
    }
}
