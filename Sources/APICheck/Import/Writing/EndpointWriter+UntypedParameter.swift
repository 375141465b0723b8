extension EndpointWriter {
    /// Why a parameter's schema gives no scalar type, which the import then declares String: as
    /// its note says it, and the stderr line that stands for every such note.
    static func untyped(_ schema: JSONValue) -> String {
        let known = ["string", "integer", "number", "boolean", "array", "object", "null"]
        if let type = OpenAPISource.string(schema["type"]), !known.contains(type) { return "has type '\(type)', not a JSON Schema type" }
        let shaped = ["type", "$ref", "properties", "oneOf", "anyOf", "allOf", "enum", "const"].contains { schema[$0] != nil }
        return shaped ? "is an object or of several types" : "has no type"
    }
}
