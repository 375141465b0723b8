import APICheck

/// `apicheck __complete SOURCE`: the names the completion scripts read from the declarations while
/// the user types, one per line. Hidden: it is for the scripts, not for people.
struct CompleteCommand: Command {
    static let name = "__complete"
    static let abstract = "Print declared names for the completion scripts."
    static let options: [any OptionDeclaration] = []
    static let arguments = [CommandArgument(name: "SOURCE", help: DeclaredNames.allCases.map(\.rawValue).joined(separator: ", "))]
    static let isHidden = true

    static func discussion(tool: String) -> String {
        "Prints the endpoint ids, the ID=SCENARIO pairs or the environment names of the API, one per line."
    }

    let context: CommandContext
    let source: DeclaredNames

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        guard let source = DeclaredNames(rawValue: arguments.positionals[0]) else {
            throw UsageError(
                "unknown source '\(arguments.positionals[0])' (expected one of: "
                    + DeclaredNames.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        self.source = source
    }

    func run() async -> ExitCode {
        let names = Self.names(source, in: context.api)
        if !names.isEmpty { context.console.out(names.joined(separator: "\n")) }
        return .success
    }

    /// Scenarios are every declared one of an endpoint, and the standard two of one that sends
    /// the token: the ones `serve --scenario` can serve.
    static func names(_ source: DeclaredNames, in api: API) -> [String] {
        switch source {
        case .endpoints:
            return api.endpoints.map(\.id)
        case .scenarios:
            return api.endpoints.flatMap { endpoint in
                (endpoint.scenarios + (endpoint.requiresToken ? [ScenarioName.logout, ScenarioName.expired] : []))
                    .map { "\(endpoint.id)=\($0)" }
            }
        case .environments:
            return api.environments.keys.sorted()
        case .probes:
            return TargetOptions.declaredProbes(api).map(\.rawValue)
        }
    }
}
