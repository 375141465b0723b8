import APICheck
import Foundation

/// `apicheck openapi`: the declarations as an OpenAPI 3.1.0 document.
struct OpenAPICommand: Command {
    static let name = "openapi"
    static let abstract = "Export the declarations as an OpenAPI 3.1.0 document, the mocks as examples."

    static let output = Option.optional("output", "FILE", help: "write the document here instead of stdout", parse: .text)
    static let server = Option.repeated(
        "server", "URL", shownDefault: "the API's environments",
        help: "a base URL for 'servers' (repeatable)", parse: .text)
    static let options: [any OptionDeclaration] = [output, server] + MockFolderOption.all
    static let exitCodes: String? = "0 written, 2 usage error or a decode type that cannot be described"

    static func discussion(tool: String) -> String {
        """
        Writes one path item per path template and one operation per endpoint (operationId = the
        endpoint id). Schemas are recorded from the decode types themselves: decode is required,
        decodeIfPresent optional and nullable, named types are components. Responses carry the
        envelope around the payload, and every mock of the endpoint as a named example under the
        status it is replayed with. Without a mocks folder the document has no examples.
        The same declarations and mocks give the same bytes.
        """
    }

    let context: CommandContext
    let file: String?
    let servers: [String]
    let mocks: MockFolderOption

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        file = try arguments[Self.output]
        servers = try arguments[Self.server]
        for server in servers {
            guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()),
                url.host != nil
            else {
                throw UsageError("--server '\(server)' is not an http or https URL")
            }
        }
        mocks = try MockFolderOption(arguments, context: context)
    }

    func run() async throws -> ExitCode {
        var directory: MockDirectory?
        if let url = mocks.directory {
            directory = MockDirectory(url, api: context.api, maxFileBytes: mocks.maxFileBytes)
        } else {
            context.note("no examples: \(mocks.explanation) (give --mocks DIR)")
        }
        let document = OpenAPIDocument(api: context.api, servers: servers.isEmpty ? nil : servers, mocks: directory)
        let built: (document: JSONValue, skippedMocks: [(file: String, reason: String)], warnings: [String])
        do {
            built = try document.build()
        } catch {
            throw CommandFailure(error.description)
        }
        for skipped in built.skippedMocks { context.note("no example from \(skipped.file): \(skipped.reason)") }
        for warning in built.warnings { context.note("warning: \(warning)") }
        for group in document.mergedOperations {
            let first = group[0]
            context.note("\(first.method) \(first.path): one operation for \(group.map(\.id).joined(separator: ", ")), with every example")
        }
        // Appended in place: `prettyText + "\n"` made a second copy of a document that can be tens of MB.
        var text = built.document.prettyText
        text.append("\n")
        guard let file else {
            context.console.out(text)
            return .success
        }
        let target = ReportFile(file, relativeTo: context.workingDirectory)
        if let problem = target.problem { throw CommandFailure("cannot write \(file): \(problem)") }
        do {
            try target.write(text)
        } catch {
            throw CommandFailure("cannot write \(target.path): \(error.localizedDescription)")
        }
        return .success
    }
}
