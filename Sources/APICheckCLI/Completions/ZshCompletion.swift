/// The zsh completion script of a tool: `apicheck completion zsh`, one `_arguments` spec per
/// command from its declared options, with their help as descriptions. Endpoint ids, scenarios
/// and environments are asked of the tool itself (`__complete`) while completing.
struct ZshCompletion {
    let model: CompletionModel

    var script: String {
        let function = model.functionName, tool = model.tool
        let commands = model.entries.map { CompletionModel.quoted(Self.escapedName($0.name) + ":" + $0.abstract) }
        return """
            #compdef \(tool)
            # zsh completion for \(tool), written by '\(tool) completion zsh' from its declarations.
            # Install: \(tool) completion zsh > ~/.zsh/completions/_\(tool) with that folder in $fpath
            # before compinit runs; or, in ~/.zshrc after compinit: source <(\(tool) completion zsh)

            \(function)_declared() {
                local -a names
                # The tool being completed, set by \(function) before it shifts the words.
                names=(${(f)"$(${~\(function)_tool} __complete $1 2>/dev/null)"})
                # A comma-separated list: complete the item after the last comma.
                if [[ $2 == comma ]]; then compset -P '*,'; fi
                compadd -a names
            }

            \(function)() {
                local -a commands
                commands=(
                    \(commands.joined(separator: "\n        "))
                )
                if (( CURRENT == 2 )); then
                    if [[ $words[2] == -* ]]; then compadd -- \(model.toolOptions.joined(separator: " "))
                    else _describe -t commands command commands; fi
                    return
                fi
                local command=$words[2] \(function)_tool=$words[1]
                # The command's own words, as _arguments expects them.
                shift words
                (( CURRENT-- ))
                case $command in
            \(arms)
                esac
            }

            if [[ $zsh_eval_context[-1] == loadautoload ]]; then
                \(function) "$@"
            else
                compdef \(function) \(tool)
            fi

            """
    }

    private var arms: String {
        model.entries.map { entry in
            let specs = entry.options.flatMap(specs) + entry.arguments.map { ":" + Self.escaped($0.name) + ":" + action($0.completion) }
            let lines = specs.map { "            " + CompletionModel.quoted($0) }.joined(separator: " \\\n")
            return "        \(entry.name))\n            _arguments \\\n\(lines) ;;"
        }.joined(separator: "\n")
    }

    /// `*--only=[check only these endpoint ids]:ID,...:_apicheck_declared endpoints comma`; a
    /// flag with a short form is two specs that exclude each other.
    private func specs(_ option: OptionSpec) -> [String] {
        let help = "[" + Self.escaped(option.help) + "]"
        let repeats = option.repeatable ? "*" : ""
        guard let placeholder = option.placeholder else {
            guard let short = option.short else { return ["\(repeats)--\(option.name)\(help)"] }
            let group = "(-\(short) --\(option.name))"
            return ["\(group)-\(short)\(help)", "\(group)--\(option.name)\(help)"]
        }
        return ["\(repeats)--\(option.name)=\(help):\(Self.escaped(placeholder)):\(action(option.completion))"]
    }

    private func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: " "
        case .files: "_files"
        case .directories: "_files -/"
        case let .choices(choices): "(" + choices.joined(separator: " ") + ")"
        // In braces: _arguments runs the code as it is, without adding compadd options before
        // the function's own arguments.
        case let .declared(source): "{\(model.functionName)_declared \(source.rawValue)" + (completion.isCommaSeparated ? " comma}" : "}")
        }
    }

    /// Brackets and colons delimit the parts of an `_arguments` spec.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func escapedName(_ name: String) -> String { name.replacingOccurrences(of: ":", with: "\\:") }
}
