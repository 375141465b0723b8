/// The mock of a redirect an endpoint declares as its answer (Airflow's `GET /api/v2/auth/login`,
/// a 307 to the web UI's login page): the success file with the status pinned in its name
/// (`login.307.json`), holding the answer's `Location`, `{"Location": "/auth/login"}`. A redirect
/// is judged without its body, so what a replay and `serve` need of it is its status and where it
/// points; they answer it with that header and no body.
public enum RedirectMock {
    /// The member that holds the `Location` header's value.
    public static let member = "Location"

    /// Whether `file` is one: a success file pinned to a redirect `endpoint` declares.
    public static func isRedirect(_ file: MockFileName, of endpoint: AnyEndpoint) -> Bool {
        guard file.scenario == nil, let status = file.status else { return false }
        return endpoint.redirectStatuses.contains(status)
    }

    /// Where the redirect points, as the file holds it; nil when it holds no such string.
    public static func location(in document: JSONValue) -> String? { document[member]?.stringValue }

    /// The file's document for a redirect to `location`.
    public static func document(location: String) -> JSONValue { .object([(member, .string(location))]) }
}
