/// The names of the document's secret properties and parameters, for `API(secretFields:)`: what
/// is typed as a secret (a `format: password` property or parameter), or named as a credential
/// is (`password`, `old_password`, `client_key`, an answer's `token`: Label Studio's key, shown by
/// one endpoint and issued anew by another). Their values never print, in traces, reproduce
/// commands or reports, and `record` writes stand-ins. `writeOnly` alone makes no secret: Django
/// REST framework marks plain request-only fields so (an href, a checksum, a user name), and a
/// stand-in for one mangles every mock that holds its value. Each name made secret is noted.
///
/// A secret name holds wherever the name sits, in every answer: a generic name (`value`, `data`)
/// made secret by one `format: password` property would hide, and rewrite in mocks, every other
/// member of that name. Such a name is left out, and a note says where it was met.
struct SecretFieldNames {
    /// Credentials, as lower-case words joined by `_`. A name is one when its last words are one
    /// of these, whatever words come before (`old_password`, `proxy_password`, `api_key_secret`,
    /// `personalAccessToken`), except those in `wholeOnly`.
    static let credentialNames: Set<String> = [
        "token", "access_token", "accesstoken", "refresh_token", "refreshtoken", "id_token", "idtoken", "auth_token", "authtoken",
        "session_token", "api_key", "apikey", "api_token", "apitoken", "secret", "client_secret", "clientsecret", "private_key",
        "privatekey", "client_key", "secret_key", "secret_access_key", "password", "passwd", "passphrase", "password_confirmation",
        "jwt",
    ]

    /// Credential names that are one only as the whole name: a name that merely ends with them
    /// (`next_page_token`, `continuation_token`) is a paging cursor more often than a secret.
    static let wholeOnly: Set<String> = ["token"]

    /// Whether a property or parameter of this name holds a credential: its words (`oldPassword`,
    /// `old-password` and `old_password` alike; a last word's digits aside, `new_password2`) end
    /// with a credential's. The one rule for secret fields and for made-up bodies that must not
    /// be sent.
    static func isCredentialName(_ name: String) -> Bool {
        var words = SwiftName.words(name).map { $0.lowercased() }
        guard let last = words.popLast() else { return false }
        let bare = String(last.reversed().drop(while: \.isNumber).reversed())
        words.append(bare.isEmpty ? last : bare)
        for count in 1...words.count {
            let tail = words.suffix(count).joined(separator: "_")
            if credentialNames.contains(tail), count == words.count || !wholeOnly.contains(tail) { return true }
        }
        return false
    }

    /// Names that ordinary data goes by in many places (a key/value pair's `value`, a page's
    /// `data`): never secret by name, whatever one property of that name says.
    static let genericNames: Set<String> = [
        "value", "values", "data", "text", "content", "body", "input", "inputs", "output", "result", "payload", "item",
        "items", "field", "default", "string", "message", "name", "description", "attributes", "metadata", "config",
    ]

    /// Beyond this many nested objects the walk stops: a bound on hostile documents.
    static let maximumDepth = 64

    /// The secret names; a note for each (at its first property: why it is secret) and for each
    /// generic name left out.
    static func find(in document: JSONValue) -> (names: [String], notes: [ImportNote]) {
        var found = Found(document: document)
        walk(document, depth: 0, pointer: "#", into: &found)
        let generic = found.generic.sorted { $0.key < $1.key }.map { name, location in
            ImportNote(
                .notMapped, at: location,
                "\(SwiftName.literal(name)) is a secret here (format: password) but names ordinary data elsewhere: "
                    + "not made a secret field; add it to secretFields, or record with --redact at its JSONPath, if its values must never print"
            )
        }
        let secrets = found.names.sorted { $0.key < $1.key }.map { name, first in
            ImportNote(
                .secret, at: first.location,
                "\(SwiftName.literal(name)) is a secret field (\(first.reason)): its values never print and record writes "
                    + "stand-ins for them wherever the name sits; take it out of secretFields if it holds ordinary data")
        }
        return (found.names.keys.sorted(), secrets + generic)
    }

    private struct Found {
        /// The document, whose references a property's schema is followed through.
        let document: JSONValue
        /// Each secret name, with the first place it was met and why it is secret there.
        var names: [String: (location: String, reason: String)] = [:]
        /// Generic names a property would have made secret, each with the first place it was met.
        var generic: [String: String] = [:]

        mutating func insert(_ name: String, at location: String, typed: Bool) {
            if genericNames.contains(name.lowercased()) {
                if generic[name] == nil { generic[name] = location }
            } else if names[name] == nil {
                names[name] = (location, typed ? "format: password" : "named as a credential")
            }
        }
    }

    private static func walk(_ value: JSONValue, depth: Int, pointer: String, into found: inout Found) {
        guard depth < maximumDepth else { return }
        switch value {
        case let .object(members):
            for (key, property) in OpenAPISource.members(value["properties"])
            where isSecret(property) || isCredential(key, property, in: found.document) {
                found.insert(key, at: "\(pointer)/properties/\(escaped(key))", typed: isSecret(property))
            }
            if let name = OpenAPISource.string(value["name"]), OpenAPISource.string(value["in"]) != nil,
                let schema = value["schema"], isSecret(schema) || isCredential(name, schema, in: found.document)
            {
                found.insert(name, at: pointer, typed: isSecret(schema))
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

    private static func isCredential(_ name: String, _ schema: JSONValue, in document: JSONValue) -> Bool {
        isCredentialName(name) && mayBeString(schema, in: document)
    }

    /// Typed as a secret: `format: password`.
    private static func isSecret(_ schema: JSONValue) -> Bool {
        guard case .object = schema else { return false }
        return OpenAPISource.string(schema["format"]) == "password"
    }

    /// A string schema, or one that names no type. A reference is followed to the schema it names:
    /// a credential's name on an object holds no credential (LiteLLM's SCIM `changePassword`, a
    /// `SCIMFeature`: `{"supported": false}`). A list of types may be a string wherever `string`
    /// stands in it (`["null", "string"]` as much as `["string", "null"]`).
    private static func mayBeString(_ schema: JSONValue, in document: JSONValue) -> Bool {
        var schema = schema
        for _ in 0..<32 {
            guard let reference = OpenAPISource.string(schema["$ref"]), reference.hasPrefix("#") else { break }
            guard let target = OpenAPISource.value(in: document, at: String(reference.dropFirst())) else { return true }
            schema = target
        }
        let types =
            OpenAPISource.string(schema["type"]).map { [$0] } ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }
        return types.isEmpty || types.contains("string")
    }
}
