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
    /// The command's name in usage texts.
    public let name: String

    /// `sandbox` only when a launcher is given: a tool without one has nothing to serve.
    var commands: [any Command.Type] {
        [LiveCommand.self, MocksCommand.self, ListCommand.self] + (sandbox == nil ? [] : [SandboxCommand.self])
    }

    public init(api: API, sandbox: (any SandboxLauncher)? = nil, name: String = "apicheck") {
        self.api = api
        self.sandbox = sandbox
        self.name = name
    }

    /// A usage text with this tool's name.
    func named(_ text: String) -> String {
        name == "apicheck" ? text : text.replacingOccurrences(of: "apicheck ", with: name + " ")
    }

    var usage: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.abstract }
        return """
            usage: \(name) <command> [options]

            Contract tests and mocks for enveloped JSON APIs, from one Swift declaration.

            commands:
            \(lines.joined(separator: "\n"))

            Run '\(name) <command> --help' for a command's options.
            exit codes: 0 ok, 1 contract violated or problems found, 2 usage or configuration error,
                        3 target unreachable (live)
            """
    }

    /// Runs one command line and returns its exit code. Never calls `exit` itself.
    public func run(_ arguments: [String], console: Console = .standard(),
                    environment: [String: String] = ProcessInfo.processInfo.environment,
                    workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)) async -> Int32 {
        let context = CommandContext(api: api, console: console, environment: environment, sandbox: sandbox,
                                     workingDirectory: workingDirectory)
        guard let first = arguments.first else {
            console.err(usage)
            return 2
        }
        if first == "--help" || first == "-h" {
            console.out(usage)
            return 0
        }
        if first == "help" {
            guard let name = arguments.dropFirst().first else { console.out(usage); return 0 }
            guard let command = commands.first(where: { $0.name == name }) else {
                console.err("\(name): unknown command '\(name)'\n\n" + usage)
                return 2
            }
            console.out(named(command.usage))
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.err("\(name): unknown command '\(first)'\n\n" + usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(named(command.usage))
            return 0
        }
        do {
            let instance = try command.init(rest, context: context)
            return await instance.run()
        } catch {
            console.err("\(name) \(command.name): \(error.message)\n\n" + named(command.usage))
            return 2
        }
    }
}
