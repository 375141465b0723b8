/// The CSRF token a document's writes need, as the auth policy declares it
/// (`requiringCSRF(CSRFPolicy(...))`): a read whose path names a CSRF token and whose answer
/// holds it (Superset's `GET /api/v1/security/csrf_token/`, answering `{"result": "<token>"}`),
/// sent back in the header the document's operations name as a CSRF one (`X-CSRFToken`,
/// `X-CSRF-Token`, `X-XSRF-TOKEN`), else in `X-CSRFToken`, Flask-WTF's and Django's. Those header
/// parameters are not declared: the policy sends the token, which a made-up sample would not be.
///
/// A document that names the header but no such read gets the cookie its framework sets: an
/// `XSRF` header's `XSRF-TOKEN` (Laravel, Angular), else Django's `csrftoken`, taken from any
/// answer that sets it (a login's).
struct ImportedCSRF: Equatable {
    /// The id of the endpoint whose answer issues the token; nil for a cookie any answer sets.
    var endpoint: String?
    /// Where its answer holds it (`$.result`), or the cookie that is the token.
    var path: String
    var header: String

    /// Flask-WTF's and Django's header, for a document that names none.
    static let defaultHeader = "X-CSRFToken"

    /// The `.requiringCSRF(...)` the policy ends with.
    var modifier: String {
        let source =
            endpoint.map { ".answer(endpoint: \(SwiftName.literal($0)), at: \(SwiftName.literal(path)))" }
            ?? ".cookie(\(SwiftName.literal(path)), endpoint: nil)"
        return ".requiringCSRF(CSRFPolicy(\(source), header: \(SwiftName.literal(header))))"
    }

    /// Whether a name is a CSRF token's, in any spelling (`X-CSRFToken`, `x-xsrf-token`, `csrf_token`).
    static func isCSRFName(_ name: String) -> Bool {
        let letters = name.lowercased().filter { $0.isLetter }
        return letters.contains("csrf") || letters.contains("xsrf")
    }

    /// The CSRF token the declared endpoints issue, sent in the header the document names: the
    /// first read whose last path segment names a CSRF token and whose answer's token the import
    /// redacts by place (`TokenObjectSecrets.issuedTokenPaths`); nil when none does.
    static func find(in endpoints: [ImportedEndpoint], source: OpenAPISource) -> ImportedCSRF? {
        for endpoint in endpoints where endpoint.method == ".get" {
            guard let segment = endpoint.path.split(separator: "/").last.map(String.init), !segment.hasPrefix("{"),
                isCSRFName(segment), let path = endpoint.secretPaths.first ?? credentialMember(of: endpoint, source: source)
            else { continue }
            return ImportedCSRF(endpoint: endpoint.id, path: path, header: headerNames(in: source).first ?? defaultHeader)
        }
        guard let header = headerNames(in: source).first else { return nil }
        return ImportedCSRF(endpoint: nil, path: header.lowercased().contains("xsrf") ? "XSRF-TOKEN" : "csrftoken", header: header)
    }

    /// The string member of the read's answer named as a credential (`token`, `csrf_token`),
    /// which the secret field names already redact and `issuedTokenPaths` leaves out.
    static func credentialMember(of endpoint: ImportedEndpoint, source: OpenAPISource) -> String? {
        let relative = endpoint.path.split(separator: "/").joined(separator: "/")
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            let trimmed = path.split(separator: "/").joined(separator: "/")
            guard relative.hasSuffix(trimmed), let responses = source.resolve(item)?["get"]?["responses"],
                let answer = OpenAPISource.members(responses).first(where: { $0.key.hasPrefix("2") })?.value,
                let content = source.resolve(answer)?["content"],
                let schema = OpenAPISource.members(content).first(where: { $0.key.lowercased().contains("json") })?.value["schema"],
                let resolved = source.resolve(schema)
            else { continue }
            return source.properties(of: resolved).first { name, member in
                (SecretFieldNames.isCredentialName(name) || isCSRFName(name))
                    && OpenAPISource.string(source.resolve(member)?["type"]) == "string"
            }.map { JSONPath([.key($0.0)]).description }
        }
        return nil
    }

    /// The header parameters of the document's operations named as a CSRF token's, first met first.
    static func headerNames(in source: OpenAPISource) -> [String] {
        var names: [String] = []
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            guard let item = source.resolve(item) else { continue }
            var parameters = OpenAPISource.array(item["parameters"])
            for (_, operation) in OpenAPISource.members(item) { parameters += OpenAPISource.array(operation["parameters"]) }
            for parameter in parameters {
                guard let parameter = source.resolve(parameter), OpenAPISource.string(parameter["in"]) == "header",
                    let name = OpenAPISource.string(parameter["name"]), isCSRFName(name), !names.contains(name)
                else { continue }
                names.append(name)
            }
        }
        return names
    }

    /// The note that says where the token comes from and goes.
    var note: ImportNote {
        let origin =
            endpoint.map { "\($0) answers at \(path), in \(header), with the cookies that answer sets" }
            ?? "in the cookie \(path) (the one its framework sets), in \(header)"
        return ImportNote(
            .secret, at: "#/paths",
            "writes send the CSRF token \(origin) (requiringCSRF on the auth policy); a server that names another source "
                + "or header is declared there")
    }
}
