import APICheck

/// One subcommand, as a type: its name, abstract, options and help, declared once; `init` reads the
/// parsed options (throwing `UsageError` for a bad one), `run` does the work and returns its exit
/// code or throws `CommandFailure`. Printing errors and mapping them to exit codes is the tool's
/// job (`APICheckTool.run`), in one place. A new command is a new file and a line in
/// `APICheckTool.registry`.
protocol Command: Sendable {
    static var name: String { get }
    /// One line, for the tool's command list.
    static var abstract: String { get }
    static var options: [any OptionDeclaration] { get }
    static var arguments: [CommandArgument] { get }
    /// What the command does, between the synopsis and the options; `tool` is the tool's name.
    static func discussion(tool: String) -> String
    /// The discussion for the API the tool checks, where it names what that API declares (the
    /// variables `live` reads); `discussion(tool:)` by default.
    static func discussion(tool: String, api: API) -> String
    /// The exit codes this command uses, when it says more than the tool's general list.
    static var exitCodes: String? { get }
    /// Whether this tool offers the command (`sandbox` needs a launcher).
    static func isAvailable(in context: CommandContext) -> Bool
    /// A command for scripts, not people (`__complete`): left out of the usage, the completions
    /// and the suggestions.
    static var isHidden: Bool { get }

    init(_ arguments: ParsedArguments, context: CommandContext) throws
    func run() async throws -> ExitCode
}

extension Command {
    static var arguments: [CommandArgument] { [] }
    static var exitCodes: String? { nil }
    static func discussion(tool: String, api: API) -> String { discussion(tool: tool) }
    static func isAvailable(in context: CommandContext) -> Bool { true }
    static var isHidden: Bool { false }
}
