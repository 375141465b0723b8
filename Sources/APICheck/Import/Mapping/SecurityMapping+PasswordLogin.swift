/// The login through an operation that takes an account and a password in its JSON body.
extension SecurityMapping {
    /// Body members that hold the password: `format: password`, or one of these names.
    static let passwordMembers = ["password", "passwd"]
    /// Body members that hold the account, in the order they are looked for.
    static let accountMembers = ["username", "user_name", "userName", "user", "email", "login", "account"]

    /// A `POST` that needs no token, whose JSON body takes an account and a password (strings)
    /// and whose success answer holds a token (as `tokenField(of:source:)` finds one), where a
    /// scheme the document requires sends a token: the login, and that scheme's name. Superset's
    /// `POST /api/v1/security/login` (`{"username", "password", "provider", "refresh"}` answering
    /// `access_token`) beside its `jwt` Bearer scheme; Django REST framework's `ObtainAuthToken`
    /// (Mayan EDMS's `POST /api/v4/auth/token/obtain/`), which drf-spectacular lists with every
    /// authentication class, the token's among them, as alternatives.
    static func passwordLogin(
        source: OpenAPISource, schemes: [(key: String, value: JSONValue)], required: [String], prefix: String
    ) -> (ImportedLogin, String)? {
        var token: (name: String, placement: String)?
        // A refresh scheme (Superset's `jwt_refresh`) sends the refresh token, not the one a login issues.
        for name in required where token == nil && !name.lowercased().contains("refresh") {
            if let scheme = schemes.first(where: { $0.key == name }).flatMap({ source.resolve($0.value) }),
                let placement = tokenPlacement(scheme)
            {
                token = (name, placement)
            }
        }
        guard let token else { return nil }
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            guard let operation = source.resolve(item)?["post"], needsNoToken(operation, document: source.root, token: token.name),
                let members = credentialMembers(of: operation, source: source),
                let field = tokenField(of: operation, source: source)
            else { continue }
            var login = ImportedLogin(
                source: .operation(method: "post", path: path), tokenField: field, placement: token.placement,
                accountVariable: "\(prefix)_ACCOUNT", passwordVariable: "\(prefix)_PASSWORD")
            login.bodyMembers = members
            return (login, token.name)
        }
        return nil
    }

    /// What the import says of a password login: what it mapped, and the variables to set.
    static func passwordLoginNotes(_ login: ImportedLogin, scheme: String) -> [ImportNote] {
        guard case let .operation(method, path) = login.source, let members = login.bodyMembers else { return [] }
        return [
            ImportNote(
                .needsValue, at: OpenAPISource.location(["paths", path, method, "requestBody"]),
                "a password login: \(method.uppercased()) \(path) takes '\(members.account)' and '\(members.password)' in its JSON body "
                    + "and answers '\(login.tokenField)', which the \(scheme) scheme sends: declared as the package's login "
                    + "(sessionEffect: .logsIn); live reads the account from $\(login.accountVariable) and the password from "
                    + "$\(login.passwordVariable)")
        ]
    }

    /// Whether an operation can be called without the token: its own `security` (else the
    /// document's) empty, holding an empty requirement, or offering a requirement without the
    /// token's scheme (a session cookie, HTTP Basic): a login that answers the token cannot
    /// require it, and one the document lets take other credentials takes none of them.
    private static func needsNoToken(_ operation: JSONValue, document: JSONValue, token: String) -> Bool {
        let requirements = OpenAPISource.array(operation["security"] ?? document["security"])
        return requirements.isEmpty || requirements.contains { !OpenAPISource.members($0).contains { $0.key == token } }
    }

    /// The body members that take the account and the password: string properties of the JSON
    /// body's object schema, the password one `format: password` or so named.
    private static func credentialMembers(of operation: JSONValue, source: OpenAPISource) -> (account: String, password: String)? {
        guard let body = operation["requestBody"].flatMap({ source.resolve($0) }),
            let media = OpenAPISource.members(body["content"]).first(where: { $0.key.lowercased().contains("json") })?.value,
            let schema = media["schema"].flatMap({ source.resolve($0) })
        else { return nil }
        let strings = OpenAPISource.members(schema["properties"]).compactMap { name, declared -> (String, JSONValue)? in
            guard let property = source.resolve(declared), OpenAPISource.string(property["type"]) == "string" else { return nil }
            return (name, property)
        }
        let password =
            strings.first { OpenAPISource.string($0.1["format"]) == "password" }?.0
            ?? strings.first { passwordMembers.contains($0.0.lowercased()) }?.0
        let names = strings.map(\.0)
        guard let password,
            let account = accountMembers.lazy.compactMap({ wanted in names.first { $0.lowercased() == wanted.lowercased() } }).first,
            account != password
        else { return nil }
        return (account, password)
    }
}
