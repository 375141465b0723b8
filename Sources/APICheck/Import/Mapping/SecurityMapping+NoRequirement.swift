/// A document that declares security schemes but requires none (Airflow's `security: []`, and no
/// operation naming a scheme): every operation is declared without credentials, as the document
/// says, and the note says how to send them when the server wants them after all.
extension SecurityMapping {
    static func noCredentialsNote(schemes: [(key: String, value: JSONValue)], source: OpenAPISource, prefix: String) -> ImportNote {
        let names = schemes.map(\.key)
        let first = names[0]
        var message =
            "the document requires no credentials (its security is empty, and no operation names a scheme), though it declares "
            + names.joined(separator: ", ")
            + ": every operation is declared without credentials. If the server wants them, edit the document's security "
            + "(security: [{\(first): []}]) and import again"
        if let header = tokenHeader(for: source.resolve(schemes[0].value), prefix: prefix) { message += ", or import with " + header }
        return ImportNote(.notMapped, at: source.root["security"] == nil ? "#" : "#/security", message)
    }

    /// The `--token-header` that sends a scheme's credentials as a token issued beforehand.
    private static func tokenHeader(for scheme: JSONValue?, prefix: String) -> String? {
        let variable = "$\(prefix)_TOKEN"
        switch OpenAPISource.string(scheme?["type"]) {
        case "http" where isBasic(scheme):
            return "--token-header 'Authorization: Basic' (\(variable) then holds the base64 of account:password)"
        case "http", "oauth2", "openIdConnect":
            return "--token-header 'Authorization: Bearer' (\(variable) then holds the token)"
        case "apiKey" where OpenAPISource.string(scheme?["in"]) == "header":
            guard let name = OpenAPISource.string(scheme?["name"]) else { return nil }
            return "--token-header '\(name)' (\(variable) then holds the key)"
        default:
            return nil
        }
    }
}
