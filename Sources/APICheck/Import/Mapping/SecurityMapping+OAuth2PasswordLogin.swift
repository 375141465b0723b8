import Foundation

/// The login an OAuth 2 `password` flow names: its `tokenUrl` is an operation of the document
/// (FastAPI's `OAuth2PasswordBearer`, ZenML's `POST /api/v1/login`), which takes RFC 6749's
/// `grant_type=password`, `username` and `password` in a form body and answers `access_token`.
extension SecurityMapping {
    /// The first scheme the document requires that is OAuth 2 with a `password` flow whose token
    /// URL is a `POST` of the document taking `username` and `password` in its body: the login,
    /// and the scheme's name. Its token goes as `Authorization: Bearer`, as every OAuth 2 token does.
    static func oauth2PasswordLogin(
        source: OpenAPISource, schemes: [(key: String, value: JSONValue)], required: [String], prefix: String, baseURLs: [URL]
    ) -> (ImportedLogin, String)? {
        for name in required {
            guard let scheme = schemes.first(where: { $0.key == name }).flatMap({ source.resolve($0.value) }),
                OpenAPISource.string(scheme["type"]) == "oauth2",
                let tokenURL = OpenAPISource.string(scheme["flows"]?["password"]?["tokenUrl"]),
                let path = operationPath(of: tokenURL, source: source, baseURLs: baseURLs),
                let item = OpenAPISource.members(source.root["paths"]).first(where: { $0.key == path })?.value,
                let operation = source.resolve(item)?["post"],
                hasPasswordGrantBody(operation, source: source)
            else { continue }
            var login = ImportedLogin(
                source: .operation(method: "post", path: path), tokenField: "access_token", placement: ".bearer",
                accountVariable: "\(prefix)_ACCOUNT", passwordVariable: "\(prefix)_PASSWORD")
            login.bodyMembers = ("username", "password")
            login.grantType = "password"
            return (login, name)
        }
        return nil
    }

    /// What the import says of the flow's login: what it mapped, and the variables to set.
    static func oauth2PasswordLoginNotes(_ login: ImportedLogin, scheme: String) -> [ImportNote] {
        guard case let .operation(method, path) = login.source else { return [] }
        return [
            ImportNote(
                .needsValue, at: OpenAPISource.location(["components", "securitySchemes", scheme, "flows", "password"]),
                "the \(scheme) scheme's OAuth 2 password flow: \(method.uppercased()) \(path) (its tokenUrl) takes grant_type=password, "
                    + "'username' and 'password' and answers 'access_token', sent as Authorization: Bearer: declared as the package's "
                    + "login (sessionEffect: .logsIn); live reads the account from $\(login.accountVariable) and the password from "
                    + "$\(login.passwordVariable). To send a token issued beforehand instead, import with "
                    + "--token-header 'Authorization: Bearer'")
        ]
    }

    /// The document's path the token URL names: relative to a base URL, else as written.
    private static func operationPath(of tokenURL: String, source: OpenAPISource, baseURLs: [URL]) -> String? {
        let paths = Set(OpenAPISource.members(source.root["paths"]).map(\.key))
        var candidates: [String] = []
        if let relative = relativePath(of: tokenURL, under: baseURLs) { candidates.append("/" + relative) }
        if tokenURL.hasPrefix("/") { candidates.append(String(tokenURL.prefix { $0 != "?" })) }
        return candidates.first { paths.contains($0) }
    }

    /// Whether the operation's form (or JSON) body has the members RFC 6749 names for the
    /// password grant: a body without them is some other login, which the flow does not describe.
    private static func hasPasswordGrantBody(_ operation: JSONValue, source: OpenAPISource) -> Bool {
        guard let body = operation["requestBody"].flatMap({ source.resolve($0) }) else { return false }
        let media = OpenAPISource.members(body["content"]).first {
            let type = $0.key.lowercased()
            return type.hasPrefix("application/x-www-form-urlencoded") || type.contains("json")
        }?.value
        guard let schema = media?["schema"].flatMap({ source.resolve($0) }) else { return false }
        let names = Set(OpenAPISource.members(schema["properties"]).map(\.key))
        return names.contains("username") && names.contains("password")
    }

    /// An OAuth 2 token URL (a `password` or `clientCredentials` flow's) relative to the first of
    /// `bases` it lies under (`oauth/token`); nil when it lies under none (another host: no
    /// endpoint of the API can call it).
    static func relativePath(of tokenURL: String, under bases: [URL]) -> String? {
        for base in bases {
            guard !tokenURL.isEmpty, let url = URL(string: tokenURL, relativeTo: base)?.absoluteURL else { continue }
            var prefix = base.absoluteString
            if !prefix.hasSuffix("/") { prefix += "/" }
            let text = url.absoluteString
            if text.hasPrefix(prefix), text.count > prefix.count, url.query == nil { return String(text.dropFirst(prefix.count)) }
        }
        return nil
    }
}
