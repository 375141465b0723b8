/// The document's security schemes as the package's one `AuthPolicy`: the first scheme the
/// document requires (its top-level `security`, else the first an operation names) that maps
/// directly. HTTP Bearer, OAuth 2 and OpenID Connect tokens become a token issued beforehand sent
/// as `Authorization: Bearer` (the flows that obtain one are not declared), an API key in a header
/// or the query a token issued beforehand sent there, HTTP Basic the Basic credentials. Endpoints
/// that require that scheme declare `auth: .token`; one that requires another scheme is noted.
struct SecurityMapping {
    /// The `AuthPolicy` expression, or nil for an API without auth.
    private(set) var policy: String?
    /// The security scheme's name in the document.
    private(set) var scheme: String?
    /// The environment variables a person sets to run `live` with it.
    private(set) var variables: [String] = []
    private(set) var notes: [ImportNote] = []

    /// Set by `--token-header`: every operation sends the token, but those that say `security: []`.
    private var everyOperation = false

    init(source: OpenAPISource, variablePrefix: String, tokenHeader: TokenHeader? = nil) {
        if let tokenHeader {
            let variable = "\(variablePrefix)_TOKEN"
            policy = ".preIssued(variable: \(SwiftName.literal(variable)), placement: \(tokenHeader.placementExpression))"
            variables = [variable]
            everyOperation = true
            notes.append(ImportNote(.needsValue, at: "#", "every operation sends the token issued beforehand (--token-header): live reads it from $\(variable)"))
            if !OpenAPISource.members(source.root["components"]?["securitySchemes"]).isEmpty {
                notes.append(ImportNote(.notMapped, at: "#/components/securitySchemes",
                                        "the security schemes are replaced by --token-header \(tokenHeader.name): every operation sends $\(variable)"))
            }
            return
        }
        let schemes = OpenAPISource.members(source.root["components"]?["securitySchemes"])
        var required: [String] = Self.schemeNames(source.root["security"])
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            for (_, operation) in OpenAPISource.members(item) { required += Self.schemeNames(operation["security"]) }
        }
        for name in required {
            guard let declared = schemes.first(where: { $0.key == name }),
                  let scheme = source.resolve(declared.value) else { continue }
            let location = OpenAPISource.location(["components", "securitySchemes", name])
            switch Self.policy(scheme, prefix: variablePrefix) {
            case let .mapped(policy, variables, note):
                self.policy = policy
                self.scheme = name
                self.variables = variables
                if let note { notes.append(ImportNote(.notMapped, at: location, note)) }
                for variable in variables {
                    notes.append(ImportNote(.needsValue, at: location, "the \(name) scheme's credentials: live reads them from $\(variable)"))
                }
                return
            case let .unmapped(reason):
                notes.append(ImportNote(.notMapped, at: location, reason))
            }
        }
    }

    /// Whether an operation requires the mapped scheme: its own `security` when it has one (an
    /// empty requirement `{}` among them makes auth optional: no token), else the document's.
    func requiresToken(_ operation: JSONValue, document: JSONValue) -> (token: Bool, other: [String]) {
        if everyOperation {
            guard let own = operation["security"] else { return (true, []) }
            let requirements = OpenAPISource.array(own)
            return (!requirements.isEmpty && !requirements.contains { OpenAPISource.members($0).isEmpty }, [])
        }
        let requirements = OpenAPISource.array(operation["security"] ?? document["security"])
        guard !requirements.isEmpty, !requirements.contains(where: { OpenAPISource.members($0).isEmpty }) else {
            return (false, [])
        }
        let names = requirements.flatMap { OpenAPISource.members($0).map(\.key) }
        guard let scheme, names.contains(scheme) else { return (false, names) }
        return (true, [])
    }

    private enum Outcome {
        case mapped(String, [String], String?)
        case unmapped(String)
    }

    private static func policy(_ scheme: JSONValue, prefix: String) -> Outcome {
        let type = OpenAPISource.string(scheme["type"]) ?? ""
        switch type {
        case "http":
            switch OpenAPISource.string(scheme["scheme"])?.lowercased() {
            case "bearer"?:
                return .mapped(".preIssued(variable: \"\(prefix)_TOKEN\", placement: .bearer)", ["\(prefix)_TOKEN"], nil)
            case "basic"?:
                return .mapped(".basic(accountVariable: \"\(prefix)_ACCOUNT\", passwordVariable: \"\(prefix)_PASSWORD\")",
                               ["\(prefix)_ACCOUNT", "\(prefix)_PASSWORD"], nil)
            case let other:
                return .unmapped("HTTP auth scheme '\(other ?? "")' is not mapped (bearer and basic are)")
            }
        case "apiKey":
            let name = OpenAPISource.string(scheme["name"]) ?? "X-API-Key"
            let variable = "\(prefix)_API_KEY"
            switch OpenAPISource.string(scheme["in"]) {
            case "header"?:
                return .mapped(".preIssued(variable: \"\(variable)\", placement: .header(\(SwiftName.literal(name)), prefix: \"\"))",
                               [variable], nil)
            case "query"?:
                return .mapped(".preIssued(variable: \"\(variable)\", placement: .query(\(SwiftName.literal(name))))", [variable], nil)
            default:
                return .unmapped("an API key in a cookie is not mapped (in a header or the query is)")
            }
        case "oauth2", "openIdConnect":
            return .mapped(".preIssued(variable: \"\(prefix)_TOKEN\", placement: .bearer)", ["\(prefix)_TOKEN"],
                           "\(type): declared as a Bearer token issued beforehand ($\(prefix)_TOKEN); its flows and scopes are not declared")
        default:
            return .unmapped("security scheme type '\(type)' is not mapped")
        }
    }

    private static func schemeNames(_ security: JSONValue?) -> [String] {
        OpenAPISource.array(security).flatMap { OpenAPISource.members($0).map(\.key) }
    }
}
