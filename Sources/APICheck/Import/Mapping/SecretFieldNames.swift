/// The names of the document's secret properties and parameters, for `API(secretFields:)`: a
/// string of `format: password`, or a `writeOnly` one (a connection's or a user's password that
/// the server takes and never sends back), or a string property named as a credential is (an
/// answer's `token`: Label Studio's key, shown by one endpoint and issued anew by another). Their
/// values never print, in traces, reproduce commands or reports, and `record` writes stand-ins.
///
/// A secret name holds wherever the name sits, in every answer: a generic name (`value`, `data`)
/// made secret by one `format: password` property would hide, and rewrite in mocks, every other
/// member of that name. Such a name is left out, and a note says where it was met.
struct SecretFieldNames {
    /// Property names that hold a credential wherever they sit. Whole names only: a suffix
    /// (`next_page_token`) would take a paging cursor for a secret.
    static let credentialNames: Set<String> = [
        "token", "access_token", "accesstoken", "refresh_token", "refreshtoken", "id_token", "idtoken", "auth_token", "authtoken",
        "api_key", "apikey", "api_token", "apitoken", "secret", "client_secret", "clientsecret", "private_key", "password", "jwt",
    ]

    /// Names that ordinary data goes by in many places (a key/value pair's `value`, a page's
    /// `data`): never secret by name, whatever one property of that name says.
    static let genericNames: Set<String> = [
        "value", "values", "data", "text", "content", "body", "input", "inputs", "output", "result", "payload", "item",
        "items", "field", "default", "string", "message", "name", "description", "attributes", "metadata", "config",
    ]

    /// Beyond this many nested objects the walk stops: a bound on hostile documents.
    static let maximumDepth = 64

    /// The secret names, and a note for each generic name left out (at its first property).
    static func find(in document: JSONValue) -> (names: [String], notes: [ImportNote]) {
        var found = Found()
        walk(document, depth: 0, pointer: "#", into: &found)
        let notes = found.generic.sorted { $0.key < $1.key }.map { name, location in
            ImportNote(
                .notMapped, at: location,
                "\(SwiftName.literal(name)) is a secret here (format: password or writeOnly) but names ordinary data elsewhere: "
                    + "not made a secret field; add it to secretFields, or record with --redact at its JSONPath, if its values must never print"
            )
        }
        return (found.names.sorted(), notes)
    }

    private struct Found {
        var names: Set<String> = []
        /// Generic names a property would have made secret, each with the first place it was met.
        var generic: [String: String] = [:]

        mutating func insert(_ name: String, at location: String) {
            if genericNames.contains(name.lowercased()) {
                if generic[name] == nil { generic[name] = location }
            } else {
                names.insert(name)
            }
        }
    }

    private static func walk(_ value: JSONValue, depth: Int, pointer: String, into found: inout Found) {
        guard depth < maximumDepth else { return }
        switch value {
        case let .object(members):
            for (key, property) in OpenAPISource.members(value["properties"]) where isSecret(property) || isCredential(key, property) {
                found.insert(key, at: "\(pointer)/properties/\(escaped(key))")
            }
            if let name = OpenAPISource.string(value["name"]), OpenAPISource.string(value["in"]) != nil,
                let schema = value["schema"], isSecret(schema) || isCredential(name, schema)
            {
                found.insert(name, at: pointer)
            }
            for (key, member) in members { walk(member, depth: depth + 1, pointer: "\(pointer)/\(escaped(key))", into: &found) }
        case let .array(items):
            for (index, item) in items.enumerated() { walk(item, depth: depth + 1, pointer: "\(pointer)/\(index)", into: &found) }
        default:
            break
        }
    }

    /// A JSON pointer's reference token (RFC 6901).
    private static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
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
