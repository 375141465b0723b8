/// The names of the document's secret properties and parameters, for `API(secretFields:)`: a
/// string of `format: password`, or a `writeOnly` one (a connection's or a user's password that
/// the server takes and never sends back), or a string property named as a credential is (an
/// answer's `token`: Label Studio's key, shown by one endpoint and issued anew by another). Their
/// values never print, in traces, reproduce commands or reports, and `record` writes stand-ins.
struct SecretFieldNames {
    /// Property names that hold a credential wherever they sit. Whole names only: a suffix
    /// (`next_page_token`) would take a paging cursor for a secret.
    static let credentialNames: Set<String> = [
        "token", "access_token", "accesstoken", "refresh_token", "refreshtoken", "id_token", "idtoken", "auth_token", "authtoken",
        "api_key", "apikey", "api_token", "apitoken", "secret", "client_secret", "clientsecret", "private_key", "password", "jwt",
    ]

    /// Beyond this many nested objects the walk stops: a bound on hostile documents.
    static let maximumDepth = 64

    static func find(in document: JSONValue) -> [String] {
        var names: Set<String> = []
        walk(document, depth: 0, into: &names)
        return names.sorted()
    }

    private static func walk(_ value: JSONValue, depth: Int, into names: inout Set<String>) {
        guard depth < maximumDepth else { return }
        switch value {
        case let .object(members):
            for (key, property) in OpenAPISource.members(value["properties"]) where isSecret(property) || isCredential(key, property) {
                names.insert(key)
            }
            if let name = OpenAPISource.string(value["name"]), OpenAPISource.string(value["in"]) != nil,
                let schema = value["schema"], isSecret(schema) || isCredential(name, schema)
            {
                names.insert(name)
            }
            for (_, member) in members { walk(member, depth: depth + 1, into: &names) }
        case let .array(items):
            for item in items { walk(item, depth: depth + 1, into: &names) }
        default:
            break
        }
    }

    private static func isCredential(_ name: String, _ schema: JSONValue) -> Bool {
        guard credentialNames.contains(name.lowercased().replacingOccurrences(of: "-", with: "_")) else { return false }
        return mayBeString(schema)
    }

    private static func isSecret(_ schema: JSONValue) -> Bool {
        guard case .object = schema else { return false }
        if OpenAPISource.string(schema["format"]) == "password" { return true }
        return schema["writeOnly"] == .bool(true) && mayBeString(schema)
    }

    /// A string schema, or one that names no type.
    private static func mayBeString(_ schema: JSONValue) -> Bool {
        let type = OpenAPISource.string(schema["type"]) ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.first
        return type == nil || type == "string"
    }
}
