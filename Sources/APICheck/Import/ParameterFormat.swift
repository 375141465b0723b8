/// The `TextFormat` a parameter's schema names (`format: uuid`), read as the parameter is
/// declared: a list's items' format; a `oneOf`/`anyOf` only where every branch but `null` names
/// the same one, so a parameter taking a UUID or a name (Prefect's `anyOf` of both) takes any text.
enum ParameterFormat {
    static func of(_ schema: JSONValue?, in source: OpenAPISource) -> TextFormat? {
        guard let resolved = schema.flatMap({ source.resolve($0) }) else { return nil }
        if OpenAPISource.string(resolved["type"]) == "array" { return of(resolved["items"], in: source) }
        let branches = (OpenAPISource.array(resolved["oneOf"]) + OpenAPISource.array(resolved["anyOf"]))
            .compactMap { source.resolve($0) }
            .filter { OpenAPISource.string($0["type"]) != "null" }
        guard !branches.isEmpty else { return OpenAPISource.string(resolved["format"]).flatMap(TextFormat.init(rawValue:)) }
        let formats = branches.map { of($0, in: source) }
        guard let first = formats.first, let format = first, formats.allSatisfy({ $0 == format }) else { return nil }
        return format
    }
}
