/// The schemes besides the mapped one, each noted. Those that send their credential as the
/// package's does are one header on the wire: an HTTP Bearer scheme, an OAuth 2 scheme (any flow:
/// its access token goes as `Authorization: Bearer`) and an OpenID Connect one. JupyterHub's
/// document requires `token` (HTTP Bearer) at the top and `oauth2: [scope]` on almost every
/// operation, for the same token: declaring those operations without a token left the package
/// nearly unauthenticated, where sending the token is what the server takes (and a server that
/// wants another token refuses it, which `live` shows).
extension SecurityMapping {
    /// Whether a scheme's credential is a Bearer token in `Authorization`.
    static func sendsBearer(_ scheme: JSONValue?) -> Bool {
        switch OpenAPISource.string(scheme?["type"]) {
        case "http"?: OpenAPISource.string(scheme?["scheme"])?.lowercased() == "bearer"
        case "oauth2"?, "openIdConnect"?: true
        default: false
        }
    }

    /// The declared schemes other than `mapped` that send a Bearer token as it does; none when
    /// the mapped scheme sends something else.
    static func bearerAlike(
        _ mapped: String?, schemes: [(key: String, value: JSONValue)], source: OpenAPISource
    ) -> Set<String> {
        guard let mapped, let own = schemes.first(where: { $0.key == mapped }), sendsBearer(source.resolve(own.value)) else { return [] }
        // A refresh token's own scheme (Superset's `jwt_refresh`) is a Bearer token too, but
        // another one: the access token there is refused, and the import says to declare it.
        return Set(
            schemes.filter {
                $0.key != mapped && !$0.key.lowercased().contains("refresh") && sendsBearer(source.resolve($0.value))
            }.map(\.key))
    }

    /// A note for each declared scheme the policy is not made of, but those already noted as
    /// not mappable.
    mutating func noteOtherSchemes(_ declared: [String], required: [String], used: Set<String>) {
        for name in declared where !used.contains(name) {
            let location = OpenAPISource.location(["components", "securitySchemes", name])
            guard !notes.contains(where: { $0.kind == .notMapped && $0.location == location }) else { continue }
            let reason: String
            if !required.contains(name) {
                reason = "no operation requires it"
            } else if let scheme, alike.contains(name) {
                notes.append(
                    ImportNote(
                        .notMapped, at: location,
                        "the \(name) scheme sends a Bearer token as \(scheme) does: an operation that requires it sends the "
                            + (login == nil ? "package's token too ($\(variables.joined(separator: ", $")))" : "token the login issues too")
                            + "; a server that wants another token for it refuses that one"))
                continue
            } else if let scheme {
                reason =
                    "the package sends the \(scheme) scheme's credentials only, the first the document requires: "
                    + "an operation that takes either sends those; one that requires only \(name) is declared without a token"
            } else {
                reason = "no scheme the document requires is mapped"
            }
            notes.append(ImportNote(.notMapped, at: location, "the \(name) scheme is not mapped: \(reason)"))
        }
    }
}
