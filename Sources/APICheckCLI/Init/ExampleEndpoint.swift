/// An endpoint the package `apicheck init` writes declares, with what its success mock holds.
/// Its declaration and its mocks are both written from here, so they cannot disagree.
struct ExampleEndpoint {
    /// The `static let` holding it.
    var property: String
    var id: String
    var method: String
    var path: String
    /// The decode type, as written in `Endpoint<...>`.
    var type: String
    var mock: String
    var token: Bool
    var logsIn: Bool
    /// The `parameters:` of the declaration, as Swift.
    var parameters: [String] = []
    /// What the declaration's comment says it shows.
    var comment: String
    /// The payload of the success answer, as JSON.
    var payload: String

    /// The endpoints of a new package: the login the token comes from (none for Basic
    /// credentials), and two examples, one called without credentials and one with. Credentials
    /// come from environment variables.
    static func all(_ settings: PackageSettings) -> [ExampleEndpoint] {
        let all = [
            ExampleEndpoint(
                property: "login", id: "session.create", method: ".post", path: "session", type: "Session", mock: "session",
                token: false, logsIn: true,
                parameters: [
                    ".body(\"email\", .string, sample: .environment(\"\(settings.accountVariable)\", fallback: nil))",
                    ".body(\"password\", .string, sample: .environment(\"\(settings.passwordVariable)\", fallback: nil), secret: true)",
                ],
                comment:
                    "Logs in with the account in \(settings.accountVariable) and \(settings.passwordVariable): environment variables, never flags.",
                payload: #"{"token": "tok-example-1"}"#),
            ExampleEndpoint(
                property: "items", id: "items.list", method: ".get", path: "items", type: "[Item]", mock: "items",
                token: false, logsIn: false, parameters: [".query(\"page\", .int, sample: .literal(1))"],
                comment: "Called without a token.",
                payload: #"[{"id": 1, "name": "Kettle", "price_cents": 2999}, {"id": 2, "name": "Teapot", "price_cents": 1850}]"#),
            ExampleEndpoint(
                property: "profile", id: "profile.show", method: ".get", path: "profile", type: "Profile", mock: "profile",
                token: true, logsIn: false, comment: "Called with the session's token.",
                payload: #"{"email": "ann@example.com", "name": "Ann"}"#),
        ]
        // Basic credentials go with each call: there is no login to declare.
        return settings.auth == .login ? all : all.filter { !$0.logsIn }
    }
}
