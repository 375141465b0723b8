import Foundation

/// `--mocks DIR`, shared by the commands that read mocks.
enum MocksOption {
    static let mocks = Option.optional(
        "mocks", "DIR", shownDefault: "$APICHECK_MOCKS, else ./mocks", help: "the mocks folder", parse: .text)

    /// The folder named by --mocks or APICHECK_MOCKS (nil when neither), relative to `context`'s directory.
    static func given(_ arguments: ParsedArguments, context: CommandContext) throws -> URL? {
        guard let folder = try arguments[mocks] ?? context.environment["APICHECK_MOCKS"] else { return nil }
        return URL(fileURLWithPath: folder, relativeTo: context.workingDirectory).standardizedFileURL
    }

    /// `./mocks` of the working directory.
    static func fallback(_ context: CommandContext) -> URL {
        URL(fileURLWithPath: "mocks", relativeTo: context.workingDirectory).standardizedFileURL
    }
}
