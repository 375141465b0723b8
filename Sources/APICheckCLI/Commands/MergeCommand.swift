import APICheck
import Foundation

/// `apicheck merge`: the JSON reports of a run's shards (a CI matrix's jobs) become the report of
/// the whole run, in every format, with one verdict and exit code.
struct MergeCommand: Command {
    static let name = "merge"
    static let abstract = "Join the JSON reports of a run's shards into one report, verdict and exit code."
    static let options: [any OptionDeclaration] = ReportOptions.all + HistoryOption.all
    static let arguments = [
        CommandArgument(name: "FILE", help: "a shard's JSON report (live or record --report json:FILE)", variadic: true)
    ]
    static let exitCodes: String? = """
        as live's, for the merged run: 0 holds; 1 violated; 3 unreachable;
                    2 usage error, a report that cannot be read, or reports that do not make one run
        """

    static func discussion(tool: String) -> String {
        """
        Reads the JSON reports that '\(tool) live --shard K/N --report json:FILE' wrote for each
        shard of one run and writes the report of the whole run, as an unsharded run would have:
        results in declaration order, run findings several shards found kept once, the verdict
        and exit code derived from all of them.

        Refused, naming the files: reports of different APIs, commands, environments or run ids
        (every shard of a run needs the same --run-id, which CI runners' variables give), a
        shard missing or given twice, shards of different splits, endpoints planned in two
        shards. A single report of a whole run is rendered again as it is.

        --history URL keeps the merged run in the results history once, as one run of the whole
        (its shards, when they ran without --history, are not kept apart).
        """
    }

    let context: CommandContext
    let files: [String]
    let reports: ReportOptions
    let history: HistoryOption

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        files = arguments.positionals
        reports = try ReportOptions(arguments)
        history = try HistoryOption(arguments, context: context)
    }

    func run() async throws -> ExitCode {
        let writer = ReportWriter(context: context)
        let destinations = reports.destinations
        if let problem = writer.unwritable(destinations) { throw CommandFailure(problem) }
        var parts: [ReportMerge.Part] = []
        parts.reserveCapacity(files.count)
        for file in files {
            let url = URL(fileURLWithPath: file, relativeTo: context.workingDirectory)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
            }
            do {
                parts.append(ReportMerge.Part(name: file, report: try JSONReportReader.read(data)))
            } catch {
                throw CommandFailure("\(file) is not a JSON report apicheck can merge: \(error)")
            }
        }
        let merged: Report
        do {
            merged = try ReportMerge.merge(parts, api: context.api)
        } catch {
            throw CommandFailure("cannot merge: \(error)")
        }
        let code = writer.write(merged, to: destinations, history: history.past(merged, for: destinations, context: context))
        // The shards' reports are masked already; the proof still looks for the password the
        // environment holds, in case a report was written by hand or by another tool.
        let redactor = context.api.makeRedactor()
        if context.api.auth.loginEndpoint != nil, let password = context.environment[context.api.auth.passwordVariable], !password.isEmpty {
            redactor.register(password)
        }
        let mocksCompared = !merged.runFindings.contains { $0.kind == .mocksFolder }
        return history.keep(merged, code: code, context: context, redactor: redactor, mocksCompared: mocksCompared)
    }
}
