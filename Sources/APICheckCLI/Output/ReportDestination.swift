import APICheck
import Foundation

/// One `--report FORMAT[:FILE]`: a format and where it goes (stdout when no file).
struct ReportDestination: Equatable {
    enum Format: String, CaseIterable {
        case text, json, junit, github, html, openmetrics
    }

    var format: Format
    var file: String?

    init(format: Format, file: String? = nil) {
        self.format = format
        self.file = file
    }

    init(argument: String) throws(UsageError) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = Format(rawValue: String(parts[0]).lowercased()) else {
            throw UsageError(
                "unknown report format '\(parts[0])' (expected one of: \(Format.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.format = format
        if parts.count == 2 {
            guard !parts[1].isEmpty else { throw UsageError("--report \(format.rawValue): the file name after ':' is empty") }
            file = String(parts[1])
        }
    }

    /// Every `--report`, and `--output FILE` for the first one without a file.
    static func parse(reports: [String], output: String?) throws(UsageError) -> [ReportDestination] {
        var destinations: [ReportDestination] = []
        for argument in reports { destinations.append(try ReportDestination(argument: argument)) }
        if destinations.isEmpty { destinations = [ReportDestination(format: .text)] }
        if let output {
            guard let index = destinations.firstIndex(where: { $0.file == nil }) else {
                throw UsageError("--output given but every --report already names its file")
            }
            destinations[index].file = output
        }
        let files = destinations.compactMap(\.file)
        if let twice = files.first(where: { file in files.filter { $0 == file }.count > 1 }) {
            throw UsageError("two reports would write the same file '\(twice)'")
        }
        if destinations.filter({ $0.file == nil }).count > 1 {
            throw UsageError("only one report can go to stdout; give the others a file: --report FORMAT:FILE")
        }
        return destinations
    }
}
