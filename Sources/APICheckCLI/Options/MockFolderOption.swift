import APICheck
import Foundation

/// Where `live` and `mocks` find the mocks, and how large a mock file may be: `--mocks DIR`, else
/// `$APICHECK_MOCKS`, else `MockLocator` (`./mocks`, the current package's, the package the API
/// is declared in); `--max-mock SIZE` (64M unless told). Both commands take them the same way.
struct MockFolderOption {
    static let mocks = Option.optional(
        "mocks", "DIR",
        shownDefault: "$APICHECK_MOCKS, else ./mocks, else the mocks/ of the package around the current directory or the API's",
        help: "the mocks folder", parse: .text)
    static let maxMock = Option.value(
        "max-mock", "SIZE", default: MockDirectory.defaultMaxFileBytes, shownDefault: "64M",
        help: "mock files larger than this are not read, e.g. 64M", parse: .bytes)
    static let all: [any OptionDeclaration] = [mocks, maxMock]

    /// The folder to use; nil when none was found.
    let directory: URL?
    /// How the folder was found, or where it was looked for.
    let explanation: String
    let maxFileBytes: Int

    /// A folder named by --mocks or APICHECK_MOCKS that is not there is a configuration error,
    /// unless `creating`: a command that writes mocks makes it.
    init(_ arguments: ParsedArguments, context: CommandContext, creating: Bool = false) throws {
        maxFileBytes = try arguments[Self.maxMock]
        if let folder = try arguments[Self.mocks] ?? context.environment["APICHECK_MOCKS"] {
            let url = URL(fileURLWithPath: folder, relativeTo: context.workingDirectory).standardizedFileURL
            guard creating || MockLocator.isDirectory(url) else {
                throw CommandFailure("no mocks folder at \(url.path) (from --mocks or APICHECK_MOCKS)")
            }
            directory = url
            explanation = "--mocks or APICHECK_MOCKS"
        } else {
            let location = MockLocator.locate(workingDirectory: context.workingDirectory, declaredIn: context.api.declaredIn)
            directory = location.url
            explanation = location.explanation
        }
    }

    /// Said in the report itself, not only on stderr: a run that compared nothing with the mocks
    /// must not read like one that found no drift.
    var driftNotChecked: Finding {
        Finding(
            kind: .mocksFolder, severity: .warning, category: .harness, endpoint: nil,
            message: "drift against the mocks was not checked: \(explanation) (give --mocks DIR)")
    }
}
