import APICheck

/// Usage texts are generated from the declarations, so an option's name, placeholder, default and
/// help are written once.
extension Command {
    /// `api`: the API the tool checks, for a discussion that names what it declares.
    static func usage(tool: String, api: API? = nil) -> String {
        let specs = options.map(\.spec) + [OptionSpec.help]
        let head = "usage: \(tool) \(name)"
        let words =
            options.map(\.spec.synopsis)
            + arguments.map { argument in
                let name = argument.variadic ? argument.name + "..." : argument.name
                return argument.required ? name : "[\(name)]"
            }
        var sections = [wrap(head, words)]
        let discussion = api.map { Self.discussion(tool: tool, api: $0) } ?? Self.discussion(tool: tool)
        if !discussion.isEmpty { sections.append(discussion) }
        if !arguments.isEmpty {
            sections.append("arguments:\n" + table(arguments.map { ($0.name, $0.help) }))
        }
        sections.append("options:\n" + table(specs.map { ($0.label, $0.helpLine) }))
        if let exitCodes { sections.append("exit codes: " + exitCodes) }
        return sections.joined(separator: "\n\n")
    }

    /// The synopsis, wrapped under the command's name at about 100 columns.
    private static func wrap(_ head: String, _ words: [String]) -> String {
        let indent = String(repeating: " ", count: head.count + 1)
        var lines = [head]
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > 100 {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func table(_ rows: [(String, String)]) -> String {
        let width = max(24, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n")
    }
}
