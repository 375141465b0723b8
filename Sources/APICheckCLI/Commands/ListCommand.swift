import APICheck

/// `apicheck list`: the declared endpoints, one line each.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "List the declared endpoints (id, method, path, auth, mock)."
    static let summaries = Option.flag("summaries", help: "add a last column, SUMMARY: what each endpoint does, in a line")
    static let options: [any OptionDeclaration] = [summaries]

    static func discussion(tool: String) -> String {
        """
        Prints one line per declared endpoint: id, method, path (with what tells it apart from
        endpoints on the same method and path, in brackets), whether it needs the token,
        its mock file, and its types (a typed request body first). Columns are separated by spaces and aligned.
        With --summaries a last column says what each endpoint does: its summary, else the first
        line of its description, else '-'.
        """
    }

    let context: CommandContext
    let showsSummaries: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        showsSummaries = try arguments[Self.summaries]
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
            let row = [
                endpoint.id, endpoint.method.rawValue,
                (endpoint.path.isEmpty ? "/" : endpoint.path) + (endpoint.distinction.map { " [\($0)]" } ?? ""),
                endpoint.requiresToken ? context.api.auth.credentialWord : "-", endpoint.mock + ".json", type,
            ]
            // Last, as the only column with spaces in it: the columns before it split as they did.
            return showsSummaries ? row + [Self.summary(of: endpoint)] : row
        }
        let header = ["ID", "METHOD", "PATH", "AUTH", "MOCK", "TYPE"] + (showsSummaries ? ["SUMMARY"] : [])
        let table = Table(header: header, rows: rows)
        context.console.out(table.render())
        for problem in context.api.problems {
            context.note("\(problem.endpoint ?? context.api.name): \(problem.message)")
        }
        return .success
    }

    /// The summary, else the description's first line that says something, on one line.
    static func summary(of endpoint: AnyEndpoint) -> String {
        let text = endpoint.summary ?? endpoint.details?.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // A document's words reach the package, and so the terminal: escaped as every line is.
        return line.isEmpty ? "-" : DisplayText.escaped(line)
    }
}
