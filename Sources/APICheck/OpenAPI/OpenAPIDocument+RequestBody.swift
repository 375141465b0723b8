extension OpenAPIDocument {
    /// A typed request body, `required` unless declared `optional()`: the schema recorded from its
    /// type (`required` as its `init(from:)` reads), under its media type, with the sample as the
    /// example (secrets as `***`). A form's list fields say how they travel (`encoding`: exploded
    /// for repeated fields, not for comma-joined ones). A binary body is a binary string under its
    /// media type.
    func typedRequestBody(_ body: RequestBody, recorder: SchemaRecorder) throws(SchemaRecordingError) -> JSONValue {
        let schema = try recorder.schema(for: body.type)
        var media: [(key: String, value: JSONValue)] = [("schema", schema)]
        // A file's bytes have no JSON example.
        let isFile = if case .binary = body.encoding { true } else { false }
        if !isFile, let example = body.example(dates: recorder.dates) { media.append(("example", example)) }
        if case let .form(lists) = body.encoding {
            let arrays = listFields(of: schema, recorder: recorder)
            if !arrays.isEmpty {
                var note = [(key: String, value: JSONValue)]()
                for name in arrays {
                    note.append((name, .object([("style", .string("form")), ("explode", .bool(lists != .commaSeparated))])))
                }
                media.append(("encoding", .object(note)))
            }
        }
        return .object([
            ("required", .bool(body.isRequired)),
            ("content", .object([(body.encoding.contentType, .object(media))])),
        ])
    }

    /// The properties of an object schema (or the component it refers to) that are arrays.
    private func listFields(of schema: JSONValue, recorder: SchemaRecorder) -> [String] {
        var object = schema
        if case let .string(reference)? = schema["$ref"], let name = reference.split(separator: "/").last {
            object = recorder.components[String(name)] ?? schema
        }
        guard case let .object(properties)? = object["properties"] else { return [] }
        return properties.compactMap { property in
            switch property.value["type"] {
            case .string("array")?: return property.key
            case let .array(kinds)? where kinds.contains(.string("array")): return property.key
            default: return nil
            }
        }
    }
}
