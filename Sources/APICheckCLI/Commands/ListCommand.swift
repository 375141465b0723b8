import APICheck

/// `apicheck list`: the declared endpoints, one line each.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "List the declared endpoints (id, method, path, auth, mock)."
    static let options: [any OptionDeclaration] = []

    static func discussion(tool: String) -> String {
        """
        Prints one line per declared endpoint: id, method, path (with what tells it apart from
        endpoints on the same method and path, in brackets), whether it needs the token,
        its mock file, and its types (a typed request body first). Columns are separated by spaces and aligned.
        """
    }

    let context: CommandContext

    init(_ arguments: ParsedArguments, context: CommandContext) {
        self.context = context
    }

    func run() async -> ExitCode {
        let rows = context.api.endpoints.map { endpoint -> [String] in
            var type =
                context.api.isEnveloped(endpoint) || context.api.envelope == nil
                ? endpoint.responseTypeName : endpoint.responseTypeName + " (raw)"
            // A typed request body shows before the answer's type: `PasswordLogin (json) -> LoginAnswer`.
            if let body = endpoint.requestBody {
                let kind =
                    switch body.encoding {
                    case .json: "json"
                    case .form: "form"
                    case .multipart: "multipart"
                    case let .binary(contentType): contentType
                    }
                type = "\(body.typeName) (\(kind)) -> " + type
            }
            // Endpoints sharing a method and path show what tells them apart.
            return [
                endpoint.id, endpoint.method.rawValue,
                (endpoint.path.isEmpty ? "/" : endpoint.path) + (endpoint.distinction.map { " [\($0)]" } ?? ""),
                endpoint.requiresToken ? context.api.auth.credentialWord : "-", endpoint.mock + ".json", type,
            ]
        }
        let table = Table(header: ["ID", "METHOD", "PATH", "AUTH", "MOCK", "TYPE"], rows: rows)
        context.console.out(table.render())
        for problem in context.api.problems {
            context.note("\(problem.endpoint ?? context.api.name): \(problem.message)")
        }
        return .success
    }
}
