import Foundation

/// The login through an operation that HTTP Basic secures and that answers a token.
extension SecurityMapping {
    /// An operation that requires only HTTP Basic and whose success answer holds a token, where
    /// another scheme the document requires sends a token: the login, and that scheme's name.
    static func basicLogin(
        source: OpenAPISource, schemes: [(key: String, value: JSONValue)], required: [String],
        prefix: String
    ) -> (ImportedLogin, String)? {
        let resolved = schemes.compactMap { scheme in source.resolve(scheme.value).map { (name: scheme.key, scheme: $0) } }
        let basic = Set(resolved.filter { isBasic($0.scheme) }.map(\.name))
        guard !basic.isEmpty else { return nil }
        var token: (name: String, placement: String)?
        for name in required where !basic.contains(name) && token == nil {
            if let scheme = resolved.first(where: { $0.name == name })?.scheme, let placement = tokenPlacement(scheme) {
                token = (name, placement)
            }
        }
        guard let token else { return nil }
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            guard let item = source.resolve(item) else { continue }
            for method in EndpointWriter.methods {
                guard let operation = item[method], case let .array(requirements)? = operation["security"],
                    !requirements.isEmpty
                else { continue }
                let names = requirements.map { OpenAPISource.members($0).map(\.key) }
                guard names.allSatisfy({ !$0.isEmpty && $0.allSatisfy(basic.contains) }),
                    let field = tokenField(of: operation, source: source)
                else { continue }
                return (
                    ImportedLogin(
                        source: .operation(method: method, path: path), tokenField: field, placement: token.placement,
                        accountVariable: "\(prefix)_ACCOUNT", passwordVariable: "\(prefix)_PASSWORD"), token.name
                )
            }
        }
        return nil
    }

    /// Where a scheme that sends a token issued to the client puts it; nil for one that sends
    /// none (HTTP Basic, a cookie).
    static func tokenPlacement(_ scheme: JSONValue) -> String? {
        switch (OpenAPISource.string(scheme["type"]), OpenAPISource.string(scheme["in"])) {
        case ("http"?, _) where OpenAPISource.string(scheme["scheme"])?.lowercased() == "bearer": return ".bearer"
        case ("oauth2"?, _), ("openIdConnect"?, _): return ".bearer"
        case ("apiKey"?, "header"?):
            // A key in `Authorization` travels behind the scheme word the document names, as the
            // token issued beforehand does (`Authorization: Token KEY`).
            if OpenAPISource.string(scheme["name"])?.lowercased() == "authorization", let word = schemeWord(of: scheme) {
                return ".scheme(\(SwiftName.literal(word)))"
            }
            return ".header(\(SwiftName.literal(OpenAPISource.string(scheme["name"]) ?? "X-API-Key")), prefix: \"\")"
        case ("apiKey"?, "query"?): return ".query(\(SwiftName.literal(OpenAPISource.string(scheme["name"]) ?? "key")))"
        default: return nil
        }
    }

    /// The member of an operation's 200 or 201 JSON answer that holds a token: a string named as
    /// `fields` lists (`ImportedLogin.tokenFields`; a refresh token's, `ImportedRefresh.tokenFields`).
    static func tokenField(of operation: JSONValue, source: OpenAPISource, among fields: [String] = ImportedLogin.tokenFields) -> String? {
        for status in ["200", "201"] {
            guard let answer = operation["responses"]?[status].flatMap({ source.resolve($0) }) else { continue }
            let media = OpenAPISource.members(answer["content"]).first { $0.key.lowercased().contains("json") }?.value
            guard let schema = media?["schema"].flatMap({ source.resolve($0) }) else { continue }
            let properties = OpenAPISource.members(schema["properties"])
            for field in fields {
                if let property = properties.first(where: { $0.key == field }).flatMap({ source.resolve($0.value) }),
                    OpenAPISource.string(property["type"]) == "string"
                {
                    return field
                }
            }
        }
        return nil
    }
}
