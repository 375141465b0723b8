/// The fish completion script of a tool: `apicheck completion fish`, one `complete` line per
/// command and option from the declarations. Endpoint ids, scenarios and environments are asked
/// of the tool itself (`__complete`) while completing.
struct FishCompletion {
    let model: CompletionModel

    var script: String {
        let tool = model.tool, function = "_" + model.functionName
        var lines = [
            "# fish completion for \(tool), written by '\(tool) completion fish' from its declarations.",
            "# Install: \(tool) completion fish > ~/.config/fish/completions/\(tool).fish",
            "",
            "# Names read from the declarations; for a comma-separated list, after the last comma.",
            "function \(function)_declared",
            "    set -l tool (commandline -opc)[1]",
            "    set -l token (commandline -ct | string replace -r '^--[^=]*=' '')",
            "    set -l before ''",
            "    if test \"$argv[2]\" = comma",
            "        set before (string match -r '^.*,' -- $token); or set before ''",
            "    end",
            "    for name in ($tool __complete $argv[1] 2>/dev/null)",
            "        echo $before$name",
            "    end",
            "end",
            "",
            "complete -c \(tool) -f",
            "complete -c \(tool) -n __fish_use_subcommand -l help -d " + CompletionModel.quoted("show the commands"),
            "complete -c \(tool) -n __fish_use_subcommand -l version -d " + CompletionModel.quoted("show the version and commit"),
        ]
        for entry in model.entries {
            lines.append("complete -c \(tool) -n __fish_use_subcommand -a \(entry.name) -d " + CompletionModel.quoted(entry.abstract))
        }
        for entry in model.entries {
            let condition = "-n " + CompletionModel.quoted("__fish_seen_subcommand_from \(entry.name)")
            for option in entry.options {
                var line = "complete -c \(tool) \(condition)"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.name)"
                if !option.isFlag { line += " " + value(option.completion, function: function) }
                lines.append(line + " -d " + CompletionModel.quoted(option.help))
            }
            if let argument = entry.arguments.first {
                lines.append("complete -c \(tool) \(condition) " + value(argument.completion, function: function))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-r` takes a value; `-F` offers files, `-x` nothing but the candidates given.
    private func value(_ completion: ValueCompletion, function: String) -> String {
        switch completion {
        case .nothing: "-x"
        case .files: "-r -F"
        case .directories: "-x -a " + CompletionModel.quoted("(__fish_complete_directories)")
        case let .choices(choices): "-x -a " + CompletionModel.quoted(choices.joined(separator: " "))
        case let .declared(source):
            "-x -a " + CompletionModel.quoted("(\(function)_declared \(source.rawValue)\(completion.isCommaSeparated ? " comma" : ""))")
        }
    }
}
