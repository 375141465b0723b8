import APICheck
import Foundation
import HistoryStore

/// `--history URL`: where a run is kept (`live`, `record`, `merge`, `proxy`) or what `history` reads.
struct HistoryOption {
    static let history = Option.optional(
        "history", "URL", help: "the results history: sqlite:PATH (made when missing) or postgres://…",
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

    /// How many of the newest stored runs the HTML report's sparklines show.
    static let reportRuns = 20

    /// What the store knew before this run, for an HTML report among `destinations`; nil without
    /// a store or an HTML report. A store that cannot be read leaves the page without history,
    /// said on stderr: keeping the run afterwards says what is wrong with the store.
    func past(_ report: Report, for destinations: [ReportDestination], context: CommandContext) -> ReportHistory? {
        guard let location, destinations.contains(where: { $0.format == .html }) else { return nil }
        do {
            return try HistoryStore(location).history(before: report, last: Self.reportRuns)
        } catch {
            context.note(DisplayText.escaped("the HTML report shows no history: \(error)"))
            return nil
        }
    }

    /// Keeps `report`'s run in the store, when one was given. The run's exit code stands unless
    /// the store could not take it: then, as for a report file that could not be written, a run
    /// that held is a configuration error. `mocksCompared`: drift was checked against the mocks.
    func keep(_ report: Report, code: ExitCode, context: CommandContext, redactor: Redactor, mocksCompared: Bool) -> ExitCode {
        guard let location else { return code }
        let api = context.api
        var mockFiles: [String: String] = [:]
        if mocksCompared { for endpoint in api.endpoints { mockFiles[endpoint.id] = endpoint.mock + ".json" } }
        let commit = Self.commitVariables.lazy.compactMap { context.environment[$0] }.first { !$0.isEmpty }
        let run = HistoryRun(
            report: report, apiHash: APIFingerprint.of(api), commit: commit,
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
