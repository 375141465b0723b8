import APICheck
import Foundation
import HistoryStore

/// `--history URL`: where a run is kept (`live`, `record`) or what `history` reads.
struct HistoryOption {
    static let history = Option.optional("history", "URL", help: "the results history: sqlite:PATH (made when missing) or postgres://…",
                                         parse: .text)
    static let all: [any OptionDeclaration] = [history]

    /// Environment variables CI systems put the commit under test in, first found wins.
    static let commitVariables = ["APICHECK_COMMIT", "GITHUB_SHA", "CI_COMMIT_SHA", "BUILDKITE_COMMIT", "CIRCLE_SHA1", "GIT_COMMIT"]

    let location: HistoryLocation?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        location = try arguments[Self.history].map { try Self.parse($0, context: context) }
    }

    static func parse(_ text: String, context: CommandContext) throws -> HistoryLocation {
        do {
            return try HistoryLocation(parsing: text, relativeTo: context.workingDirectory.path)
        } catch let error as HistoryError {
            throw UsageError("--history: \(error.description)")
        }
    }

    /// Keeps `report`'s run in the store, when one was given. The run's exit code stands unless
    /// the store could not take it: then, as for a report file that could not be written, a run
    /// that held is a configuration error. `mocks` is the folder drift was checked against.
    func keep(_ report: Report, code: ExitCode, context: CommandContext, redactor: Redactor, mocks: URL?) -> ExitCode {
        guard let location else { return code }
        let api = context.api
        var mockFiles: [String: String] = [:]
        if mocks != nil { for endpoint in api.endpoints { mockFiles[endpoint.id] = endpoint.mock + ".json" } }
        let commit = Self.commitVariables.lazy.compactMap { context.environment[$0] }.first { !$0.isEmpty }
        let run = HistoryRun(report: report, apiHash: APIFingerprint.of(api), commit: commit,
                             tool: "apicheck \(VersionCommand.number) (commit \(BuildStamp.commit))", environment: report.environment,
                             mockFiles: mockFiles)
        do {
            let store = try HistoryStore(location)
            try store.record(run, provenBy: redactor)
            return code
        } catch {
            context.note(DisplayText.escaped("\(error)"))
            return code == .success ? .usageError : code
        }
    }
}
