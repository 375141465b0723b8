import Foundation

/// Small builders for the JSON Schema (2020-12, as OpenAPI 3.1 uses it) the document is made of.
/// Schemas are `JSONValue`s so that member order, and therefore the document's bytes, is fixed.
enum JSONSchema {
    static func type(_ name: String, format: String? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string(name))]
        if let format { members.append(("format", .string(format))) }
        return .object(members)
    }

    static func ref(_ component: String) -> JSONValue {
        .object([("$ref", .string("#/components/schemas/" + component))])
    }

    static func array(of items: JSONValue, unique: Bool = false) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string("array")), ("items", items)]
        if unique { members.append(("uniqueItems", .bool(true))) }
        return .object(members)
    }

    static func object(properties: [(key: String, value: JSONValue)], required: [String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        return .object(members)
    }

    /// The one value a tag takes: its type and `const` (JSON Schema 2020-12's one-value enum).
    static func constant(_ value: JSONValue) -> JSONValue {
        guard let kind = SchemaRecorder.jsonType(value) else { return .object([("const", value)]) }
        return .object([("type", .string(kind)), ("const", value)])
    }

    static let null = type("null")
    /// Any JSON value at all.
    static let any = JSONValue.object([])

    static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The schema that also admits `null`, the 3.1 way: `type: ["string", "null"]` (with `null`
    /// added to an `enum`), or `anyOf` around a reference. Never `nullable`.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case var .object(members) = schema else { return schema }
        if members.isEmpty { return schema }
        if members.contains(where: { $0.key == "$ref" || $0.key == "anyOf" || $0.key == "allOf" }) {
            if case let .array(options)? = schema["anyOf"], members.count == 1 {
                return options.contains(null) ? schema : .object([("anyOf", .array(options + [null]))])
            }
            return .object([("anyOf", .array([schema, null]))])
        }
        for index in members.indices {
            switch (members[index].key, members[index].value) {
            case let ("type", .string(name)) where name != "null":
                members[index].value = .array([.string(name), .string("null")])
            case let ("type", .array(names)) where !names.contains(.string("null")):
                members[index].value = .array(names + [.string("null")])
            case let ("enum", .array(values)) where !values.contains(.null):
                members[index].value = .array(values + [.null])
            default:
                continue
            }
        }
        return .object(members)
    }

    /// The schema of a declared parameter's type.
    static func parameter(_ type: Parameter.ValueType) -> JSONValue {
        switch type {
        case .string: return self.type("string")
        // As an `Int` property: an integer without a format, as `import-openapi` reads one `.int`.
        case .int: return self.type("integer")
        case .int64: return self.type("integer", format: "int64")
        case .double: return self.type("number", format: "double")
        case .bool: return self.type("boolean")
        }
    }
}
