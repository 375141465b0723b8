import Foundation

/// The refresh operation beside a login that issues a refresh token.
extension SecurityMapping {
    /// The operation that renews the login's token with its refresh token: one whose every
    /// security requirement names a single token scheme other than the login's (`mapped`), whose
    /// success answers the login's token field, and whose scheme, path or operationId says
    /// "refresh"; the login's answer must hold a refresh token (`refresh_token`, `refreshToken`).
    /// Superset's `POST /api/v1/security/refresh` under `jwt_refresh`, as every Flask-JWT-Extended
    /// API's. Else one that sends no token and takes the refresh token in its JSON body
    /// (`refresh_token`, `refreshToken`), whose success answers the login's token field, and
    /// whose path or operationId says "refresh" or whose path is an OAuth 2 password flow's
    /// `refreshUrl` (`POST /token/refresh` with `{"refresh_token": ...}`). Nil without one.
    static func refreshOperation(
        login: ImportedLogin, mapped: String?, schemes: [(key: String, value: JSONValue)], source: OpenAPISource
    ) -> ImportedRefresh? {
        guard case let .operation(loginMethod, loginPath) = login.source,
            let loginOperation = source.root["paths"]?[loginPath].flatMap({ source.resolve($0) })?[loginMethod],
            let member = tokenField(of: loginOperation, source: source, among: ImportedRefresh.tokenFields)
        else { return nil }
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            guard let item = source.resolve(item) else { continue }
            for method in EndpointWriter.methods where !login.isOperation(method: method, path: path) {
                guard let operation = item[method] else { continue }
                let requirements = OpenAPISource.array(operation["security"]).map { OpenAPISource.members($0).map(\.key) }
                if let refresh = bodyRefresh(operation, method: method, path: path, login: login, schemes: schemes, source: source) {
                    return ImportedRefresh(
                        method: method, path: path, scheme: nil, placement: nil, parameter: refresh, refreshTokenPath: "$.\(member)")
                }
                guard let name = requirements.first?.first, name != mapped,
                    requirements.allSatisfy({ $0 == [name] }),
                    let placement = schemes.first(where: { $0.key == name }).flatMap({ source.resolve($0.value) }).flatMap(tokenPlacement),
                    tokenField(of: operation, source: source) == login.tokenField
                else { continue }
                let words = [name, path, OpenAPISource.string(operation["operationId"]) ?? ""]
                guard words.contains(where: { $0.lowercased().contains("refresh") }) else { continue }
                return ImportedRefresh(method: method, path: path, scheme: name, placement: placement, refreshTokenPath: "$.\(member)")
            }
        }
        return nil
    }

    /// The member of the operation's JSON body that takes the refresh token, when it is a refresh
    /// of that kind: it sends no token (its own `security`, else the document's, lists an empty
    /// requirement or none), and answers the login's token field.
    private static func bodyRefresh(
        _ operation: JSONValue, method: String, path: String, login: ImportedLogin, schemes: [(key: String, value: JSONValue)],
        source: OpenAPISource
    ) -> String? {
        let requirements = OpenAPISource.array(operation["security"] ?? source.root["security"])
        guard requirements.isEmpty || requirements.contains(where: { OpenAPISource.members($0).isEmpty }),
            let body = operation["requestBody"].flatMap({ source.resolve($0) }),
            let media = OpenAPISource.members(body["content"]).first(where: { $0.key.lowercased().contains("json") })?.value,
            let schema = media["schema"].flatMap({ source.resolve($0) }),
            tokenField(of: operation, source: source) == login.tokenField
        else { return nil }
        let properties = OpenAPISource.members(schema["properties"])
        let isString = { (field: String) in
            let property = properties.first { $0.key == field }.flatMap { source.resolve($0.value) }
            return property.flatMap { OpenAPISource.string($0["type"]) } == "string"
        }
        guard let member = ImportedRefresh.tokenFields.first(where: isString) else { return nil }
        let refreshURLs = schemes.compactMap { source.resolve($0.value)?["flows"]?["password"]?["refreshUrl"] }
            .compactMap(OpenAPISource.string).map { URL(string: $0)?.path ?? $0 }
        let words = [path, OpenAPISource.string(operation["operationId"]) ?? ""]
        guard words.contains(where: { $0.lowercased().contains("refresh") }) || refreshURLs.contains(path) else { return nil }
        return member
    }
}
