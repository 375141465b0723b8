import APICheck
import Foundation

/// Renders a report in every requested format and writes each where it belongs. Files are written
/// atomically: a failed run never leaves half a JUnit file for CI to read.
struct ReportWriter {
    let context: CommandContext
    /// Text reports add each call's reproduce command.
    var verbose = false
    private var console: Console { context.console }
    private var environment: [String: String] { context.environment }
    private var workingDirectory: URL { context.workingDirectory }

    /// Why a report file could not be written, checked before the run: its folder is missing or
    /// not writable. Nil when every destination looks writable.
    func unwritable(_ destinations: [ReportDestination]) -> String? {
        for file in destinations.compactMap(\.file) {
            if let problem = ReportFile(file, relativeTo: workingDirectory).problem {
                return "cannot write the report \(file): \(problem)"
            }
        }
        return nil
    }

    /// Writes every report and returns the run's exit code. A report that could not be written
    /// (said on stderr) is a configuration error, unless the run already failed.
    /// `verdict` is the run's when more than the report decides it (`record`'s files).
    /// `history` is what the results history knew before the run, shown by the HTML report.
    func write(_ report: Report, to destinations: [ReportDestination], verdict: Verdict? = nil, history: ReportHistory? = nil) -> ExitCode {
        let code = ExitCode(verdict ?? report.verdict)
        guard writeAll(report, to: destinations, code: code, history: history) else { return code == .success ? .usageError : code }
        return code
    }

    /// What every renderer is given: the tool's name, the folder file names print relative to,
    /// and the exit code; colour only for text on a terminal that wants it.
    private func renderContext(code: ExitCode, color: Bool, history: ReportHistory?) -> RenderContext {
        RenderContext(
            tool: context.tool, directory: workingDirectory.path, color: color, verbose: verbose, exitCode: code.rawValue,
            history: history)
    }

    private func writeAll(_ report: Report, to destinations: [ReportDestination], code: ExitCode, history: ReportHistory?) -> Bool {
        var ok = true
        if destinations.allSatisfy({ $0.file != nil }) {
            // Nothing on stdout: the log still gets one line saying how it went.
            console.err(report.summaryLine)
        }
        for destination in destinations {
            let text: String
            let render = renderContext(
                code: code, color: destination.format == .text && destination.file == nil && console.colorOut,
                history: history)
            switch destination.format {
            case .text: text = TextReport.render(report, context: render)
            case .json: text = JSONReport.render(report, context: render)
            case .junit: text = JUnitReport.render(report, context: render)
            case .html: text = HTMLReport.render(report, context: render)
            case .openmetrics: text = OpenMetricsReport.render(report, context: render)
            case .github:
                text = GitHubReport.annotations(report, context: render)
                if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                    ok = append(GitHubReport.summaryMarkdown(report, context: render), to: summary) && ok
                }
            }
            if let file = destination.file {
                let target = ReportFile(file, relativeTo: workingDirectory)
                do {
                    try target.write(text)
                } catch {
                    context.note("cannot write the \(destination.format.rawValue) report to \(target.path): \(error.localizedDescription)")
                    ok = false
                }
            } else if !text.isEmpty {
                console.out(text)
            }
        }
        return ok
    }

    private func append(_ text: String, to path: String) -> Bool {
        let url = URL(fileURLWithPath: path, relativeTo: workingDirectory)
        do {
            if !FileManager.default.fileExists(atPath: url.path) {
                try Data().write(to: url)
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
            return true
        } catch {
            context.note("cannot append the summary to GITHUB_STEP_SUMMARY (\(path)): \(error.localizedDescription)")
            return false
        }
    }
}
