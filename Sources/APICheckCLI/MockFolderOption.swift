import APICheck
import Foundation

/// Where `live` and `mocks` find the mocks, and how large a mock file may be: `--mocks DIR`, else
/// `$APICHECK_MOCKS`, else `MockLocator` (`./mocks`, the current package's, the package the API
/// is declared in); `--max-mock SIZE` (64M unless told). Both commands take them the same way.
struct MockFolderOption {
    static let options: [String: ParsedArguments.Kind] = ["mocks": .value, "max-mock": .value]
    static let help = """
          --mocks DIR               the mocks folder (default: $APICHECK_MOCKS, else ./mocks, else the
                                    mocks/ of the package around the current directory or the API's)
          --max-mock SIZE           mock files larger than this are not read, e.g. 64M (default 64M)
        """

    /// The folder to use; nil when none was found.
    let directory: URL?
    /// A folder named by --mocks or APICHECK_MOCKS that is not there: a configuration error.
    let problem: String?
    /// How the folder was found, or where it was looked for.
    let explanation: String
    let maxFileBytes: Int

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        maxFileBytes = try LiveCommand.bytes(parsed.value("max-mock"), option: "--max-mock") ?? MockDirectory.defaultMaxFileBytes
        if let folder = parsed.value("mocks") ?? context.environment["APICHECK_MOCKS"] {
            let url = URL(fileURLWithPath: folder, relativeTo: context.workingDirectory).standardizedFileURL
            let exists = MockLocator.isDirectory(url)
            directory = exists ? url : nil
            problem = exists ? nil : "no mocks folder at \(url.path) (from --mocks or APICHECK_MOCKS)"
            explanation = exists ? "--mocks or APICHECK_MOCKS" : problem!
        } else {
            let location = MockLocator.locate(workingDirectory: context.workingDirectory, declaredIn: context.api.declaredIn)
            directory = location.url
            problem = nil
            explanation = location.explanation
        }
    }

    /// Said in the report itself, not only on stderr: a run that compared nothing with the mocks
    /// must not read like one that found no drift.
    var driftNotChecked: Finding {
        Finding(kind: .mocksFolder, severity: .warning, category: .harness, endpoint: "-",
                message: "drift against the mocks was not checked: \(explanation) (give --mocks DIR)")
    }
}
