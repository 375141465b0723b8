import Foundation

/// The options every command that writes a report shares, declared once.
struct ReportOptions {
    static let report = Option.repeated(
        "report", "FORMAT[:FILE]", shownDefault: "text",
        help: "text, json, junit, github, html or openmetrics, to stdout or to FILE", parse: .text
    )
    .completing(.choices(ReportDestination.Format.allCases.map(\.rawValue)))
    static let output = Option.optional(
        "output", "FILE", help: "write the first report without a file here", parse: .text)
    static let all: [any OptionDeclaration] = [report, output]

    let destinations: [ReportDestination]

    init(_ arguments: ParsedArguments) throws {
        destinations = try ReportDestination.parse(reports: arguments[Self.report], output: arguments[Self.output])
    }
}
