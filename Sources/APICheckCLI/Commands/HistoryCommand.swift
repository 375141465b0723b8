import APICheck
import Foundation
import HistoryStore

/// `apicheck history QUERY --history URL`: what the stored runs say, as text or JSON; and
/// `history prune --keep AGE`. Rendering is in `HistoryCommand+Text.swift` and `+JSON.swift`.
struct HistoryCommand: Command {
    static let name = "history"
    static let abstract = "Query the results history: runs, flaky endpoints, first drift, latency, mock age, pass rate."
    static let arguments = [
        CommandArgument(
            name: "QUERY", help: HistoryQuery.names,
            declaredCompletion: .choices(HistoryQuery.allCases.map(\.rawValue)))
    ]
    static let last = Option.value(
        "last", "N", default: 20, help: "how many of the newest runs to look at",
        parse: .integer(in: 1...100_000))
    static let json = Option.flag("json", help: "print JSON (schema apicheck-history/1) instead of text")
    static let keep = Option.optional("keep", "AGE", help: "prune: keep the runs of this last age (90d, 12h, 2w)", parse: .age)
    static let api = Option.optional(
        "api", "NAME", help: "read only this API's runs (its declared name); prune: remove only its runs", parse: .text)
    static let options: [any OptionDeclaration] = HistoryOption.all + [api, last, json, keep]
    static let exitCodes: String? = "0 answered; 2 usage error, or the store cannot be opened or read"

    static func discussion(tool: String) -> String {
        """
        Reads the results history that --history URL on '\(tool) live', 'record', 'merge' and
        'proxy' writes (or $APICHECK_HISTORY when --history is not given).
          runs        the last N runs: time, report run id, verdict, endpoints passed, errors,
                      warnings, commit
          flaky       endpoints and probes whose verdict flipped between passing and failing at
                      least twice in the last N runs, with their pass rate
          first-seen  each finding of the newest run, and the first stored run (time, commit) it
                      appeared in
          latency     p50 and p95 total time per endpoint over the last N runs, and the N before
          mock-age    each mock, and how long since a live answer last matched it
          pass-rate   each endpoint's and probe's pass rate over the last N runs
          prune       removes the runs older than --keep AGE (their results and findings too)
        One store may hold many APIs' runs: each query reads one API's (--api NAME), or, without
        --api, answers for each API the store holds in turn, under its name. prune is store-wide
        unless --api is given. Text escapes what a server supplied (paths, codes); --json prints
        one document, each row naming its API.
        """
    }

    let context: CommandContext
    let query: HistoryQuery
    let location: HistoryLocation
    let apiName: String?
    let lastRuns: Int
    let asJSON: Bool
    let keepSeconds: Double?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        let word = arguments.positionals[0]
        guard let query = HistoryQuery(rawValue: word) else {
            let near = NameSuggestion.nearest(word, in: HistoryQuery.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown query '\(DisplayText.escaped(word))'\(near); expected one of \(HistoryQuery.names)")
        }
        self.query = query
        guard let text = try arguments[HistoryOption.history] ?? context.environment["APICHECK_HISTORY"], !text.isEmpty else {
            throw UsageError("give the store to read: --history sqlite:PATH or postgres://… (or $APICHECK_HISTORY)")
        }
        location = try HistoryOption.parse(text, context: context)
        apiName = try arguments[Self.api]
        if apiName?.isEmpty == true { throw UsageError("--api needs the API's name, as 'history runs --json' shows it") }
        lastRuns = try arguments[Self.last]
        asJSON = try arguments[Self.json]
        keepSeconds = try arguments[Self.keep]
        if query == .prune, keepSeconds == nil { throw UsageError("prune needs --keep AGE, such as --keep 90d") }
        if query != .prune, keepSeconds != nil { throw UsageError("--keep is for 'history prune' only") }
    }

    func run() async throws -> ExitCode {
        let output: String
        do {
            // A query must not make a store where none was: a mistyped path is an error, not an empty history.
            if case let .sqlite(path) = location.kind, query != .prune, !FileManager.default.fileExists(atPath: path) {
                throw CommandFailure("no history store at \(path)")
            }
            let store = try HistoryStore(location)
            let apis = try scopes(store)
            output = try asJSON ? json(store, apis: apis) : text(store, apis: apis)
        } catch let error as HistoryError {
            throw CommandFailure(DisplayText.escaped(error.description))
        }
        context.console.out(output)
        return .success
    }

    /// The APIs the query answers for: the one `--api` names, or every API the store holds. A
    /// name the store holds no run of is most likely mistyped: said, with the names it holds.
    private func scopes(_ store: HistoryStore) throws -> [String] {
        let held = try store.apis()
        guard let apiName else { return held }
        guard held.contains(apiName) || query == .prune else {
            let names = held.isEmpty ? "no API's" : held.map { "'\(DisplayText.escaped($0))'" }.joined(separator: ", ")
            let near = NameSuggestion.nearest(apiName, in: held).map { " (did you mean '\(DisplayText.escaped($0))'?)" } ?? ""
            throw CommandFailure("\(location) holds no run of API '\(DisplayText.escaped(apiName))'\(near); it holds \(names)")
        }
        return [apiName]
    }
}
