extension SwaggerConversion {
    /// A schema with its references rewritten, `x-nullable` as `nullable`, a `discriminator`'s
    /// property name as an object, `type: file` as a binary string (noted, except for a form field:
    /// there it is a multipart body's file, declared as a `FilePart`), the schemas it holds
    /// converted alike. `fieldsOnly`: a parameter's or header's own fields, of which only the
    /// schema keywords are taken.
    mutating func schema(_ schema: JSONValue, at tokens: [String], fieldsOnly: Bool = false) -> JSONValue {
        guard case let .object(given) = schema else { return schema }
        var members: [(key: String, value: JSONValue)] = []
        for (key, value) in given {
            if fieldsOnly, !Self.schemaKeywords.contains(key) { continue }
            switch key {
            case "$ref":
                let reference = OpenAPISource.string(value) ?? ""
                if !reference.hasPrefix("#") { note(tokens + [key], "the reference '\(reference)' to another file is not followed") }
                members.append((key, .string(Self.rewritten(reference))))
            case "x-nullable":
                members.append(("nullable", value))
            case "type" where value == .string("file"):
                if !fieldsOnly { note(tokens + [key], "type 'file': declared as a binary string") }
                members += [("type", .string("string")), ("format", .string("binary"))]
            case "discriminator":
                if case .string = value {
                    members.append((key, .object([("propertyName", value)])))
                } else {
                    members.append((key, value))
                }
            case "properties":
                members.append(
                    (
                        key,
                        .object(
                            OpenAPISource.members(value).map {
                                ($0.key, self.schema($0.value, at: tokens + [key, $0.key]))
                            })
                    ))
            case "items", "additionalProperties":
                if case .array(let items) = value {
                    // A tuple's items, which OpenAPI 3.0 has no form for.
                    note(tokens + [key], "an array of schemas as '\(key)' is not mapped")
                    members.append((key, items.first.map { self.schema($0, at: tokens + [key, "0"]) } ?? .object([])))
                } else {
                    members.append((key, self.schema(value, at: tokens + [key])))
                }
            case "allOf":
                members.append(
                    (
                        key,
                        .array(
                            OpenAPISource.array(value).enumerated().map {
                                self.schema($0.element, at: tokens + [key, String($0.offset)])
                            })
                    ))
            default:
                members.append((key, value))
            }
        }
        return .object(members)
    }

    /// The keywords of a parameter's, header's or form field's own fields that describe its value.
    private static let schemaKeywords: Set<String> = [
        "type", "format", "items", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
        "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf", "x-nullable",
    ]
}
