/// The bash completion script of a tool: `apicheck completion bash`. Commands and options are
/// written into it from the declarations; endpoint ids, scenarios and environments are asked of
/// the tool itself (`__complete`) while completing, so they follow the API it is built over.
///
/// Bash splits the word being completed at `=` and `:`, so `--only=sta` and `statuses.show=no`
/// arrive in pieces. The script reads the whole word from the line up to the cursor instead,
/// and hands back each candidate without the part bash already counts as typed.
struct BashCompletion {
    let model: CompletionModel

    var script: String {
        let function = model.functionName, tool = model.tool
        return """
            # bash completion for \(tool), written by '\(tool) completion bash' from its declarations.
            # Install: \(tool) completion bash > ~/.local/share/bash-completion/completions/\(tool)
            # or, in ~/.bashrc: source <(\(tool) completion bash)
            \(function)() {
                local line=${COMP_LINE:0:COMP_POINT} words=()
                read -r -a words <<< "$line"
                if [[ ${#words[@]} -eq 0 || $line == *[[:space:]] ]]; then words+=(""); fi
                local count=${#words[@]}
                local cur=${words[count-1]} prev=""
                if (( count > 1 )); then prev=${words[count-2]}; fi
                local command="" i
                for (( i = 1; i < count - 1; i++ )); do
                    if [[ ${words[i]} != -* ]]; then command=${words[i]}; break; fi
                done
                # kind: words (from values), declared (asked of the tool), files, dirs or none.
                local kind=words values="" value=$cur option="" comma=""
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then values=\(CompletionModel.quoted(model.toolOptions.joined(separator: " ")))
                    else values=\(CompletionModel.quoted(model.commandNames.joined(separator: " "))); fi
                else
                    if [[ $cur == --*=* ]]; then option=${cur%%=*}; value=${cur#*=}
                    elif [[ $prev == --* && $prev != *=* ]]; then option=$prev; fi
                    case "$command $option" in
            \(valueArms)
                        *) option=""; value=$cur ;;
                    esac
                    if [[ -z $option ]]; then
                        case "$command $cur" in
            \(commandArms)
                            *) kind=none ;;
                        esac
                    fi
                fi
                if [[ $kind == declared ]]; then
                    # The very tool being completed answers, `~/` as the shell would expand it.
                    local tool=${COMP_WORDS[0]}
                    if [[ $tool == "~/"* ]]; then tool=$HOME/${tool#"~/"}; fi
                    values=$("$tool" __complete "$values" 2>/dev/null); kind=words
                fi
                # The whole word's text before the value (`--only=`, `a,b,`) goes back in front.
                local before=${cur:0:${#cur}-${#value}}
                if [[ -n $comma ]]; then before+=${value%"${value##*,}"}; value=${value##*,}; fi
                # Paths are quoted and get their `/` as file names (bash 4; macOS ships 3.2, without compopt).
                case $kind in files|dirs) compopt -o filenames 2>/dev/null ;; esac
                # No mapfile either, for bash 3.2.
                local candidates=() candidate
                while IFS= read -r candidate; do candidates+=("$candidate"); done < <(
                    case $kind in
                        files) compgen -f -- "$value" ;;
                        dirs) compgen -d -- "$value" ;;
                        words) compgen -W "$values" -- "$value" ;;
                    esac)
                local typed=${COMP_WORDS[COMP_CWORD]} lead=""
                if [[ $cur == *"$typed" ]]; then lead=${cur:0:${#cur}-${#typed}}; fi
                COMPREPLY=()
                for candidate in "${candidates[@]}"; do
                    candidate=$before$candidate
                    COMPREPLY+=("${candidate#"$lead"}")
                done
            }
            complete -F \(function) \(tool)

            """
    }

    /// `"live --only") kind=declared; values=endpoints; comma=1 ;;`, one arm per kind of value.
    private var valueArms: String {
        var arms: [String] = []
        for entry in model.entries {
            for (completion, options) in entry.valueOptions {
                let patterns = options.map { "\"\(entry.name) --\($0.name)\"" }.joined(separator: "|")
                arms.append("            \(patterns)) \(Self.action(completion)) ;;")
            }
        }
        return arms.joined(separator: "\n")
    }

    /// An option of the command for a word starting with `-`, else its positional argument; the
    /// options for any word when the command takes no argument.
    private var commandArms: String {
        var arms: [String] = []
        for entry in model.entries {
            let options = "values=" + CompletionModel.quoted(entry.options.map { "--" + $0.name }.joined(separator: " "))
            if let argument = entry.arguments.first {
                arms.append("                \"\(entry.name) \"-*) \(options) ;;")
                arms.append("                \"\(entry.name) \"*) \(Self.action(argument.completion)) ;;")
            } else {
                arms.append("                \"\(entry.name) \"*) \(options) ;;")
            }
        }
        return arms.joined(separator: "\n")
    }

    private static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "kind=none"
        case .files: "kind=files"
        case .directories: "kind=dirs"
        case let .choices(choices): "values=" + CompletionModel.quoted(choices.joined(separator: " "))
        case let .declared(source): "kind=declared; values=\(source.rawValue)" + (completion.isCommaSeparated ? "; comma=1" : "")
        }
    }
}
