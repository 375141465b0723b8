extension Finding {
    /// A success in another media type than the one the endpoint declares (`application/json`
    /// where it declares `application/geo+json`): `live` and `proxy` say it alike. Info only:
    /// plain JSON for a `+json` type is common, and clients that read JSON read it.
    public static func undeclaredMediaType(_ answered: MediaType, of endpoint: AnyEndpoint, declared: [MediaType]) -> Finding {
        let names = declared.map(\.essence).joined(separator: " or ")
        return Finding(
            kind: .contentType, severity: .info, endpoint: endpoint.id, expected: names, found: answered.essence,
            message: "a success answered as \(answered.essence); the endpoint declares \(names)")
    }
}
