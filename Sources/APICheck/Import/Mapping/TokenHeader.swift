/// The header a server reads a token issued beforehand from, given to `import-openapi
/// --token-header` when the document declares no security scheme (or not the one the server
/// uses): `Authorization: token` for Jupyter, `X-Key` for a bare key. Every operation is then
/// declared `auth: .token`, but those whose own `security` is empty (`security: []`).
public struct TokenHeader: Sendable, Equatable {
    /// The header's name (`Authorization`).
    public var name: String
    /// The word before the token (`token`, `Bearer`); empty for none.
    public var prefix: String

    public init(name: String, prefix: String) {
        self.name = name
        self.prefix = prefix
    }

    /// `NAME` or `NAME: PREFIX`; nil when there is no name.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = parts.first, !name.isEmpty, !name.contains(" ") else { return nil }
        self.init(name: name, prefix: parts.count > 1 ? parts[1] : "")
    }

    /// The `AuthPolicy.Placement` expression in the generated declaration.
    var placementExpression: String {
        if name.lowercased() == "authorization" {
            if prefix.lowercased() == "bearer" { return ".bearer" }
            if !prefix.isEmpty { return ".scheme(\(SwiftName.literal(prefix)))" }
        }
        return ".header(\(SwiftName.literal(name)), prefix: \(SwiftName.literal(prefix.isEmpty ? "" : prefix + " ")))"
    }
}
