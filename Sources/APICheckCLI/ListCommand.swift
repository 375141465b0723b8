import APICheck

/// `apicheck list`: the declared endpoints, one line each.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "List the declared endpoints (id, method, path, auth, mock)."
    static let usage = """
        usage: apicheck list

        Prints one line per declared endpoint: id, method, path, whether it needs the token,
        and its mock file. Columns are separated by spaces and aligned.
        """

    let context: CommandContext

    init(_ arguments: [String], context: CommandContext) throws(UsageError) {
        try ParsedArguments(arguments, options: [:]).noPositionals()
        self.context = context
    }

    func run() async -> Int32 {
        let rows = context.api.endpoints.map { endpoint -> [String] in
            [endpoint.id, endpoint.method.rawValue, endpoint.path,
             endpoint.requiresToken ? "token" : "-", endpoint.mock + ".json",
             endpoint.enveloped ? endpoint.responseTypeName : endpoint.responseTypeName + " (raw)"]
        }
        let table = Table(header: ["ID", "METHOD", "PATH", "AUTH", "MOCK", "TYPE"], rows: rows)
        context.console.out(table.render())
        for problem in context.api.problems {
            context.console.err("apicheck list: \(problem.endpoint): \(problem.message)")
        }
        return 0
    }
}
