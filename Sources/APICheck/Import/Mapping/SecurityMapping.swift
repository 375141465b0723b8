import Foundation

/// The document's security schemes as the package's one `AuthPolicy`: the first scheme the
/// document requires (its top-level `security`, else the first an operation names) that maps
/// directly, a header credential before a session cookie it stands in for
/// (`SecurityMapping+SessionCookie`). HTTP Bearer, OAuth 2 and OpenID Connect tokens become a token issued beforehand sent
/// as `Authorization: Bearer`, an API key in a header, the query or a cookie a token issued
/// beforehand sent there, HTTP Basic the Basic credentials. Endpoints that require that scheme declare
/// `auth: .token`; one that requires another scheme is noted.
///
/// Two logins are declared rather than a token issued beforehand: an operation that requires
/// only HTTP Basic and answers a token (`access_token`, `token`...) which the operations' token
/// scheme sends, and an OAuth 2 `clientCredentials` flow whose `tokenUrl` is under the base URL
/// (an endpoint the import adds), both logging in with `loginCredentials: .basic`; and an
/// operation that needs no token and takes an account and a password in its JSON body, whose
/// body reads them from the account and password variables, as does an OAuth 2 `password`
/// flow's, whose `tokenUrl` names the operation. A login found wins over a token
/// issued beforehand: an `AuthPolicy` takes one or the other, and the login is what the
/// document says issues the token.
struct SecurityMapping {
    /// The `AuthPolicy` expression, or nil for an API without auth.
    var policy: String? {
        guard let login else {
            // `.basic(...)` and `.preIssued(...)` take `missingToken:` after every argument the mapping writes.
            guard let mappedPolicy, let missingToken else { return mappedPolicy }
            return String(mappedPolicy.dropLast()) + ", missingToken: \(missingToken))"
        }
        return login.policy(endpoint: loginEndpoint ?? "", missingToken: missingToken, refresh: refresh)
    }
    /// The missing-token answer the operations' error answers describe (`ErrorMapping`).
    var missingToken: String?
    /// The security scheme's name in the document.
    private(set) var scheme: String?
    /// The environment variables a person sets to run `live` with it.
    private(set) var variables: [String] = []
    var notes: [ImportNote] = []
    /// The login the policy logs in through, when the document declares one.
    private(set) var login: ImportedLogin?
    /// The login's endpoint id, once it is declared.
    var loginEndpoint: String?
    /// The refresh beside the login, when the document declares one (`SecurityMapping+Refresh`).
    var refresh: ImportedRefresh?
    private var mappedPolicy: String?
    /// Schemes that send the mapped scheme's credential the same way (`SecurityMapping+BearerAlike`).
    private(set) var alike: Set<String> = []

    /// Set by `--token-header`: every operation sends the token, but those whose `security` (their
    /// own, else the document's) is `[]` or `[{}]` in a document that declares a scheme.
    private var everyOperation = false
    /// Whether an operation's empty `security` opts out of anything: a document without schemes
    /// (Kinto's, without its basicauth policy) writes `security: []` on the operations that need
    /// credentials as well as on the public ones, so there it says nothing.
    private var emptySecurityOptsOut = true

    /// `baseURLs`: where an OAuth 2 token URL may lie under (the base URL the package declares,
    /// the document's own server).
    init(source: OpenAPISource, variablePrefix: String, tokenHeader: TokenHeader? = nil, baseURLs: [URL] = []) {
        if let tokenHeader {
            let variable = "\(variablePrefix)_TOKEN"
            mappedPolicy = ".preIssued(variable: \(SwiftName.literal(variable)), placement: \(tokenHeader.placementExpression))"
            variables = [variable]
            everyOperation = true
            notes.append(
                ImportNote(
                    .needsValue, at: "#",
                    "every operation sends the token issued beforehand (--token-header): live reads it from $\(variable)"))
            emptySecurityOptsOut = !OpenAPISource.members(source.root["components"]?["securitySchemes"]).isEmpty
            if emptySecurityOptsOut {
                notes.append(
                    ImportNote(
                        .notMapped, at: "#/components/securitySchemes",
                        "the security schemes are replaced by --token-header \(tokenHeader.name): every operation sends $\(variable)"))
            }
            return
        }
        let schemes = OpenAPISource.members(source.root["components"]?["securitySchemes"])
        var required: [String] = Self.schemeNames(source.root["security"])
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            for (_, operation) in OpenAPISource.members(item) { required += Self.schemeNames(operation["security"]) }
        }
        if !schemes.isEmpty, required.isEmpty {
            notes.append(Self.noCredentialsNote(schemes: schemes, source: source, prefix: variablePrefix))
        }
        var used: Set<String> = []
        // The policy is one scheme: the others the document declares are listed, whichever way
        // the mapping below ends (an operation that accepts one of them instead sends this one).
        defer {
            refresh = login.flatMap { Self.refreshOperation(login: $0, mapped: scheme, schemes: schemes, source: source) }
            alike = Self.bearerAlike(scheme, schemes: schemes, source: source).subtracting([refresh?.scheme].compactMap { $0 })
            noteOtherSchemes(schemes.map(\.key), required: required, used: used.union([refresh?.scheme].compactMap { $0 }))
        }
        if let (login, name) = Self.basicLogin(source: source, schemes: schemes, required: required, prefix: variablePrefix) {
            self.login = login
            scheme = name
            used = Set(schemes.filter { Self.isBasic(source.resolve($0.value)) }.map(\.key) + [name])
            variables = [login.accountVariable, login.passwordVariable]
            let location = OpenAPISource.location(["components", "securitySchemes", name])
            for variable in variables {
                notes.append(
                    ImportNote(
                        .needsValue, at: location,
                        "the login's HTTP Basic credentials (for the \(name) token): live reads them from $\(variable)"))
            }
            return
        }
        // A login by a body: the OAuth2 password flow's tokenUrl, else a password login operation.
        let bodyLogin =
            Self.oauth2PasswordLogin(source: source, schemes: schemes, required: required, prefix: variablePrefix, baseURLs: baseURLs)
            .map { ($0.0, $0.1, Self.oauth2PasswordLoginNotes($0.0, scheme: $0.1)) }
            ?? Self.passwordLogin(source: source, schemes: schemes, required: required, prefix: variablePrefix)
            .map { ($0.0, $0.1, Self.passwordLoginNotes($0.0, scheme: $0.1)) }
        if let (login, name, loginNotes) = bodyLogin {
            self.login = login
            scheme = name
            used = [name]
            variables = [login.accountVariable, login.passwordVariable]
            notes += loginNotes
            return
        }
        let cookies = Self.sessionCookies(required: required, schemes: schemes, source: source)
        for name in required.filter({ !cookies.contains($0) }) + cookies {
            guard let declared = schemes.first(where: { $0.key == name }),
                let scheme = source.resolve(declared.value)
            else { continue }
            let location = OpenAPISource.location(["components", "securitySchemes", name])
            switch Self.policy(scheme, name: name, prefix: variablePrefix, source: source, baseURLs: baseURLs) {
            case let .login(login, note):
                self.login = login
                self.scheme = name
                used = [name]
                variables = [login.accountVariable, login.passwordVariable]
                if let note { notes.append(ImportNote(.notMapped, at: location, note)) }
                for variable in variables {
                    notes.append(
                        ImportNote(.needsValue, at: location, "the \(name) scheme's client credentials: live reads them from $\(variable)"))
                }
                return
            case let .mapped(policy, variables, note, holds):
                self.mappedPolicy = policy
                self.scheme = name
                used = [name]
                self.variables = variables
                if let note { notes.append(ImportNote(.notMapped, at: location, note)) }
                for cookie in cookies where cookie != name {
                    notes.append(
                        ImportNote(
                            .notMapped, at: OpenAPISource.location(["components", "securitySchemes", cookie]),
                            "the \(cookie) scheme is not mapped: it is a browser's session cookie, and every operation that takes it "
                                + "takes the \(name) scheme's credentials instead, which the package sends"))
                }
                for variable in variables {
                    notes.append(
                        ImportNote(
                            .needsValue, at: location,
                            "the \(name) scheme's credentials: live reads them from $\(variable)"
                                + (holds.map { ", which holds \($0)" } ?? "")))
                }
                return
            case let .unmapped(reason):
                notes.append(ImportNote(.notMapped, at: location, reason))
            }
        }
    }

    /// Whether an operation sends the mapped scheme's token (its own `security`, else the document's).
    /// `{}` beside the scheme makes it `optional`: sent, as a server may answer a caller without one as
    /// someone else (Mayan EDMS: 404); `{}` alone or `security: []` is no token, nor is the login's.
    func requiresToken(_ operation: JSONValue, document: JSONValue, method: String = "", path: String = "")
        -> (token: Bool, other: [String], optional: Bool)
    {
        if login?.isOperation(method: method, path: path) == true { return (false, [], false) }
        if everyOperation {
            // Any scheme named stands for the header's token, `{}` beside it making it optional as
            // without the flag; `[]` or `{}` alone leaves it off.
            guard let security = operation["security"] ?? document["security"], emptySecurityOptsOut else { return (true, [], false) }
            let requirements = OpenAPISource.array(security)
            let named = requirements.contains { !OpenAPISource.members($0).isEmpty }
            return (named, [], named && requirements.contains { OpenAPISource.members($0).isEmpty })
        }
        let requirements = OpenAPISource.array(operation["security"] ?? document["security"])
        let names = requirements.flatMap { OpenAPISource.members($0).map(\.key) }
        guard !names.isEmpty else { return (false, [], false) }
        let optional = requirements.contains { OpenAPISource.members($0).isEmpty }
        guard let scheme, names.contains(where: { $0 == scheme || alike.contains($0) }) else {
            return (false, optional ? [] : names, false)
        }
        return (true, [], optional)
    }

    static func isBasic(_ scheme: JSONValue?) -> Bool {
        OpenAPISource.string(scheme?["type"]) == "http" && OpenAPISource.string(scheme?["scheme"])?.lowercased() == "basic"
    }

    private enum Outcome {
        /// The policy, its variables, a note of what is left, and what a variable holds.
        case mapped(String, [String], String?, holds: String? = nil)
        case login(ImportedLogin, String?)
        case unmapped(String)
    }

    private static func policy(_ scheme: JSONValue, name: String, prefix: String, source: OpenAPISource, baseURLs: [URL]) -> Outcome {
        let type = OpenAPISource.string(scheme["type"]) ?? ""
        switch type {
        case "http":
            switch OpenAPISource.string(scheme["scheme"])?.lowercased() {
            case "bearer"?:
                return .mapped(".preIssued(variable: \"\(prefix)_TOKEN\", placement: .bearer)", ["\(prefix)_TOKEN"], nil)
            case "basic"?:
                return .mapped(
                    ".basic(accountVariable: \"\(prefix)_ACCOUNT\", passwordVariable: \"\(prefix)_PASSWORD\")",
                    ["\(prefix)_ACCOUNT", "\(prefix)_PASSWORD"], nil)
            case let other:
                return .unmapped("HTTP auth scheme '\(other ?? "")' is not mapped (bearer and basic are)")
            }
        case "apiKey":
            let name = OpenAPISource.string(scheme["name"]) ?? "X-API-Key"
            let variable = "\(prefix)_API_KEY"
            switch OpenAPISource.string(scheme["in"]) {
            case "header"? where name.lowercased() == "authorization":
                // An API key in `Authorization` travels behind a scheme word the document gives
                // only in words (`-H "Authorization: Token [your-token]"`) or in an extension.
                if let word = Self.schemeWord(of: scheme) {
                    return .mapped(
                        ".preIssued(variable: \"\(variable)\", placement: .scheme(\(SwiftName.literal(word))))", [variable], nil,
                        holds: "the key alone: it goes as 'Authorization: \(word) KEY', as the scheme says")
                }
                return .mapped(
                    ".preIssued(variable: \"\(variable)\", placement: .header(\"Authorization\", prefix: \"\"))", [variable], nil,
                    holds: "the whole Authorization value, with any scheme word the server expects ('Token KEY'); "
                        + "--token-header 'Authorization: Token' declares the word instead")
            case "header"?:
                return .mapped(
                    ".preIssued(variable: \"\(variable)\", placement: .header(\(SwiftName.literal(name)), prefix: \"\"))",
                    [variable], nil)
            case "query"?:
                return .mapped(".preIssued(variable: \"\(variable)\", placement: .query(\(SwiftName.literal(name))))", [variable], nil)
            case "cookie"?:
                // A session cookie issued beforehand (copied from a browser's session, say): sent
                // as `Cookie: <name>=<value>`, probed as a token in that cookie is.
                return .mapped(".preIssued(variable: \"\(variable)\", placement: .cookie(\(SwiftName.literal(name))))", [variable], nil)
            case let other:
                return .unmapped("an API key in '\(other ?? "")' is not mapped (in a header, the query or a cookie is)")
            }
        case "oauth2" where scheme["flows"]?["clientCredentials"] != nil:
            let flow = scheme["flows"]?["clientCredentials"]
            let tokenURL = OpenAPISource.string(flow?["tokenUrl"]) ?? ""
            let others = OpenAPISource.members(scheme["flows"]).map(\.key).filter { $0 != "clientCredentials" }
            let othersNote =
                others.isEmpty
                ? nil
                : "oauth2: the clientCredentials flow is declared as the login; the \(others.joined(separator: ", ")) flows are not"
            guard let path = relativePath(of: tokenURL, under: baseURLs) else {
                return .mapped(
                    ".preIssued(variable: \"\(prefix)_TOKEN\", placement: .bearer)", ["\(prefix)_TOKEN"],
                    "oauth2: the clientCredentials token URL '\(tokenURL)' is not under the base URL: declared as a Bearer token issued beforehand ($\(prefix)_TOKEN)"
                )
            }
            let login = ImportedLogin(
                source: .tokenURL(path: path, scheme: name, scopes: scopes(of: name, in: source.root)),
                tokenField: "access_token", placement: ".bearer",
                accountVariable: "\(prefix)_CLIENT_ID", passwordVariable: "\(prefix)_CLIENT_SECRET")
            return .login(login, othersNote)
        case "oauth2", "openIdConnect":
            return .mapped(
                ".preIssued(variable: \"\(prefix)_TOKEN\", placement: .bearer)", ["\(prefix)_TOKEN"],
                "\(type): declared as a Bearer token issued beforehand ($\(prefix)_TOKEN); its flows and scopes are not declared")
        default:
            return .unmapped("security scheme type '\(type)' is not mapped")
        }
    }

    /// The scopes the document's requirements of a scheme name, each once, in order.
    private static func scopes(of scheme: String, in document: JSONValue) -> [String] {
        var requirements = OpenAPISource.array(document["security"])
        for (_, item) in OpenAPISource.members(document["paths"]) {
            for (_, operation) in OpenAPISource.members(item) { requirements += OpenAPISource.array(operation["security"]) }
        }
        var scopes: [String] = []
        for requirement in requirements {
            for scope in OpenAPISource.array(requirement[scheme]).compactMap({ OpenAPISource.string($0) }) where !scopes.contains(scope) {
                scopes.append(scope)
            }
        }
        return scopes
    }

    private static func schemeNames(_ security: JSONValue?) -> [String] {
        OpenAPISource.array(security).flatMap { OpenAPISource.members($0).map(\.key) }
    }
}
