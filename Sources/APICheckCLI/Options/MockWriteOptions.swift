import APICheck
import Foundation

/// How `record` and `import-har` write mocks: into the folder `MockFolderOption` finds (made when
/// --mocks or APICHECK_MOCKS names one not there yet), with its size limit, the --redact paths,
/// --dry-run and --force. One group, so an option for writing mocks reaches both commands.
struct MockWriteOptions {
    static let redact = Option.repeated(
        "redact", "JSONPATH", help: "also replace the value at this path, e.g. $.datas.phone or $.datas[*].mail",
        parse: .jsonPath)
    static let dryRun = Option.flag("dry-run", help: "say what would be written, write nothing")
    static let force = Option.flag("force", help: "write answers that violate the contract too (never one holding a secret)")
    static let all: [any OptionDeclaration] = MockFolderOption.all + [redact, dryRun, force]

    let directory: URL
    let maxMockBytes: Int
    let redactPaths: [JSONPath]
    let dryRun: Bool
    let force: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        let folder = try MockFolderOption(arguments, context: context, creating: true)
        guard let directory = folder.directory else { throw CommandFailure("no mocks folder found; give --mocks DIR") }
        self.directory = directory
        maxMockBytes = folder.maxFileBytes
        redactPaths = try arguments[Self.redact]
        dryRun = try arguments[Self.dryRun]
        force = try arguments[Self.force]
    }
}
