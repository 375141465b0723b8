/// What a completion script offers, read from the command declarations: every command a tool
/// shows, its options with what their values complete with, and its positional arguments. The
/// bash, zsh and fish scripts are renderings of it, so a new command or option reaches all three.
struct CompletionModel {
    struct Entry {
        var name: String
        var abstract: String
        /// Every option the command takes, `--help` included.
        var options: [OptionSpec]
        var arguments: [CommandArgument]

        /// Options that take a value, by what the value completes with, in declaration order.
        var valueOptions: [(completion: ValueCompletion, options: [OptionSpec])] {
            var groups: [(completion: ValueCompletion, options: [OptionSpec])] = []
            for option in options where !option.isFlag {
                if let index = groups.firstIndex(where: { $0.completion == option.completion }) {
                    groups[index].options.append(option)
                } else {
                    groups.append((option.completion, [option]))
                }
            }
            return groups
        }
    }

    /// The name the tool is run by (`apicheck`, or a package's own).
    var tool: String
    var entries: [Entry]
    /// The options the tool takes before any command.
    let toolOptions = ["--help", "--version"]

    init(tool: String, commands: [any Command.Type]) {
        self.tool = tool
        let shown = commands.filter { !$0.isHidden }
        entries = shown.map { command in
            Entry(
                name: command.name, abstract: command.abstract, options: command.options.map(\.spec) + [.help],
                arguments: command.arguments)
        }
        // `help COMMAND` is the dispatcher's alias of `COMMAND --help`, not a command type.
        entries.append(
            Entry(
                name: "help", abstract: "Show a command's options (the same as COMMAND --help).", options: [],
                arguments: [
                    CommandArgument(
                        name: "COMMAND", help: "a command",
                        declaredCompletion: .choices(shown.map { $0.name }))
                ]))
    }

    var commandNames: [String] { entries.map(\.name) }

    /// The tool's name as part of a shell function's name: `_apicheck`, `_my_tool`.
    var functionName: String {
        "_" + String(tool.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// `'text'` for any POSIX shell (and fish): single quotes, a quote inside closed and reopened.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
