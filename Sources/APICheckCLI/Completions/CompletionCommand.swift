/// `apicheck completion bash|zsh|fish`: the shell's completion script, generated from the command
/// declarations. docs/cli.md says how to install each.
struct CompletionCommand: Command {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static let name = "completion"
    static let abstract = "Print the completion script for bash, zsh or fish."
    static let options: [any OptionDeclaration] = []
    static let arguments = [
        CommandArgument(
            name: "SHELL", help: "bash, zsh or fish",
            declaredCompletion: .choices(Shell.allCases.map(\.rawValue)))
    ]

    static func discussion(tool: String) -> String {
        """
        Prints a script that completes \(tool)'s commands and options, endpoint ids for --only,
        scenarios for 'serve --scenario' and environment names for --env (the last three read
        from the API's declarations as you type). Install it with one of:
          bash: \(tool) completion bash > ~/.local/share/bash-completion/completions/\(tool)
          zsh:  \(tool) completion zsh > ~/.zsh/completions/_\(tool)   (a folder in $fpath)
          fish: \(tool) completion fish > ~/.config/fish/completions/\(tool).fish
        """
    }

    let context: CommandContext
    let shell: Shell

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        let given = arguments.positionals[0]
        guard let shell = Shell(rawValue: given) else {
            throw UsageError("unknown shell '\(given)' (expected one of: \(Shell.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.shell = shell
    }

    func run() async -> ExitCode {
        let model = CompletionModel(tool: context.tool, commands: APICheckTool.registry.filter { $0.isAvailable(in: context) })
        switch shell {
        case .bash: context.console.out(BashCompletion(model: model).script)
        case .zsh: context.console.out(ZshCompletion(model: model).script)
        case .fish: context.console.out(FishCompletion(model: model).script)
        }
        return .success
    }
}
