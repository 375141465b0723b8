import APICheck
import Foundation

/// The `apicheck` command line over one API catalog. A package ships its own `apicheck` with:
///
/// ```swift
/// import APICheckCLI
/// import Foundation
/// import MyContracts
/// exit(await APICheckTool(api: MyAPI.api, name: "mycheck").run(Array(CommandLine.arguments.dropFirst())))
/// ```
public struct APICheckTool: Sendable {
    public let api: API
    public let sandbox: (any SandboxLauncher)?
    /// The command's name in usage texts and at the start of every message.
    public let name: String

    /// Every command there is; a new command is a new file and one line here.
    static let registry: [any Command.Type] = [
        LiveCommand.self,
        MocksCommand.self,
        ListCommand.self,
        SandboxCommand.self,
        OpenAPICommand.self,
        ServeCommand.self,
        ProxyCommand.self,
        RecordCommand.self,
        MergeCommand.self,
        ImportHARCommand.self,
        InitCommand.self,
        ImportOpenAPICommand.self,
        CompletionCommand.self,
        HistoryCommand.self,
        VersionCommand.self,
        CompleteCommand.self,
    ]

    public init(api: API, sandbox: (any SandboxLauncher)? = nil, name: String = "apicheck") {
        self.api = api
        self.sandbox = sandbox
        self.name = name
    }

    /// Runs one command line and returns its exit code (an `ExitCode`'s raw value). Never calls
    /// `exit` itself, and never traps on output: a stream that cannot be written (a full disk, a
    /// closed descriptor, a reader gone) ends in exit code 2 and a message on the other stream.
    public func run(
        _ arguments: [String], console: Console = .standard(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ) async -> Int32 {
        var context = CommandContext(
            api: api, console: console, environment: environment, sandbox: sandbox,
            workingDirectory: workingDirectory, tool: name)
        let code = await dispatch(arguments, context: &context)
        return finish(code, context: context).rawValue
    }

    /// The commands whose API follows a variable that turns the auth off.
    static let serverCommands: Set<String> = ["live", "record", "serve", "proxy", "import-har"]

    /// The one place where errors become messages and exit codes.
    private func dispatch(_ arguments: [String], context: inout CommandContext) async -> ExitCode {
        let console = context.console
        let commands = Self.registry.filter { $0.isAvailable(in: context) }
        var arguments = arguments
        switch arguments.first {
        case nil:
            console.err(usage(commands))
            return .usageError
        case "--help"?, "-h"?:
            console.out(usage(commands))
            return .success
        // Aliases: `--version` of `version`, `help COMMAND` of `COMMAND --help`.
        case "--version"?:
            arguments[0] = VersionCommand.name
        case "help"? where arguments.count > 1:
            arguments = [arguments[1], "--help"]
        case "help"?:
            console.out(usage(commands))
            return .success
        default:
            break
        }
        let first = arguments[0]
        guard let command = commands.first(where: { $0.name == first }) else {
            console.err("\(name): \(DisplayText.escaped(unknown(first, among: commands)))\n\n" + usage(commands))
            return .usageError
        }
        context.command = command.name
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.usage(tool: name, api: context.api))
            return .success
        }
        // The commands that talk to a server, or stand in for one, see the API as its server runs;
        // the audit, the listing and the documents keep the declaration.
        if Self.serverCommands.contains(command.name), let variable = context.api.auth.offVariable,
            context.api.auth.isOff(in: context.environment)
        {
            let needing = context.api.endpoints.filter(\.requiresToken).count
            context.api = context.api.withAuthOff
            context.note(
                DisplayText.escaped(
                    "auth is off ($\(variable)=\(context.environment[variable] ?? "")): no token is sent "
                        + "or asked for, and the probes of the \(needing) endpoint\(needing == 1 ? "" : "s") that need one are skipped"))
        }
        do {
            let parsed = try ParsedArguments(rest, options: command.options.map(\.spec), positionals: command.arguments)
            return try await command.init(parsed, context: context).run()
        } catch let error as UsageError {
            // A usage error quotes what was typed, which may hold anything: escaped here, the one
            // place every one is printed, so no value reaches the terminal raw and none starts a
            // line of its own (`::error` is a GitHub Actions command at a line's start).
            console.err("\(context.prefix): \(DisplayText.escaped(error.message))\n\n" + command.usage(tool: name, api: context.api))
            return .usageError
        } catch let failure as CommandFailure {
            // Every line escaped whole: a path or value in the message may hold a newline, and
            // must not start a line of its own.
            context.note(
                ([failure.message] + failure.details.map { "  " + $0 }).map { DisplayText.escaped($0) }
                    .joined(separator: "\n"))
            return failure.exitCode
        } catch {
            context.note(DisplayText.escaped("\(error)"))
            return .usageError
        }
    }

    /// A stream that failed is reported on the other one, if it still works. Output that was lost
    /// makes a clean run exit 2; a run that already failed keeps its own code.
    private func finish(_ code: ExitCode, context: CommandContext) -> ExitCode {
        let console = context.console
        let outFailure = console.failure(of: .standardOutput), errFailure = console.failure(of: .standardError)
        if outFailure == nil, errFailure == nil { return code }
        if let outFailure { console.err("\(context.prefix): \(outFailure)") }
        if let errFailure { console.out("\(context.prefix): \(errFailure)") }
        return code == .success ? .usageError : code
    }

    /// `unknown command 'lsit'; did you mean 'list'?`: a word in the command's place is matched
    /// against the commands, or against the tool's own options when it looks like one.
    private func unknown(_ word: String, among commands: [any Command.Type]) -> String {
        let isOption = word.hasPrefix("-")
        var candidates = ["--help", "--version"]
        if !isOption { candidates = commands.filter { !$0.isHidden }.map { $0.name } + ["help"] }
        let near = NameSuggestion.nearest(word, in: candidates)
        return "unknown \(isOption ? "option" : "command") '\(word)'" + (near.map { "; did you mean '\($0)'?" } ?? "")
    }

    private func usage(_ commands: [any Command.Type]) -> String {
        let commands = commands.filter { !$0.isHidden }
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.abstract }
        return """
            usage: \(name) <command> [options]

            Contract tests and mocks for enveloped JSON APIs, from one Swift declaration.

            commands:
            \(lines.joined(separator: "\n"))

            Run '\(name) help <command>' (or '\(name) <command> --help') for a command's options,
            '\(name) --version' for the version.
            exit codes: 0 ok, 1 contract violated or problems found, 2 usage or configuration error,
                        3 target unreachable (live)
            """
    }
}
