import Foundation

/// The document being imported, and the one way its `$ref`s are followed: local JSON pointers
/// (`#/components/schemas/Pet`), chains of them included. A reference to another file, or to
/// nothing, resolves to nil and the caller notes it.
struct OpenAPISource {
    let root: JSONValue

    /// The members of an object, or none.
    static func members(_ value: JSONValue?) -> [(key: String, value: JSONValue)] {
        if case let .object(members)? = value { return members }
        return []
    }

    /// The id the import gives an operation: its `operationId`, else its method and path's
    /// segments joined by `.` (`get.store.orders.orderId`), which `apicheck openapi` then writes
    /// as its `operationId`.
    static func operationID(_ operation: JSONValue, method: String, path: String) -> String {
        string(operation["operationId"])
            ?? ([method]
            + path.split(separator: "/").map { $0.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "") })
            .joined(separator: ".")
    }

    static func string(_ value: JSONValue?) -> String? {
        if case let .string(text)? = value { return text }
        return nil
    }

    static func array(_ value: JSONValue?) -> [JSONValue] {
        if case let .array(items)? = value { return items }
        return []
    }

    /// A schema's `oneOf` (else `anyOf`) branches, when they choose between shapes. Branches that
    /// only constrain the schema's own shape (the OGC `bbox`: `type: array, items: number,
    /// oneOf: [{minItems: 4, maxItems: 4}, {minItems: 6, maxItems: 6}]`, or `oneOf` of
    /// `required` lists) choose none: the schema is its own shape, its validation left unchecked
    /// as other validation keywords are.
    static func unionBranches(_ schema: JSONValue) -> (key: String, branches: [JSONValue])? {
        let shaping = [
            "type", "$ref", "properties", "items", "prefixItems", "enum", "const", "oneOf", "anyOf", "allOf", "additionalProperties",
        ]
        for key in ["oneOf", "anyOf"] {
            guard case let .array(branches)? = schema[key] else { continue }
            let constraining = branches.allSatisfy { branch in
                guard case let .object(members) = branch else { return false }
                return !members.contains { shaping.contains($0.key) }
            }
            if constraining, !branches.isEmpty { continue }
            return (key, branches)
        }
        return nil
    }

    /// A schema's allowed values: its `enum`, or its `const` as the one value (JSON Schema's
    /// `const: x` is `enum: [x]`; Pydantic writes each tagged union's tag so); none when neither.
    static func enumValues(_ schema: JSONValue) -> [JSONValue] {
        let listed = array(schema["enum"])
        if listed.isEmpty, let value = schema["const"] { return [value] }
        return listed
    }

    /// A whole number (`2`, or `2.0` as a YAML or JSON writer may give it), else nil.
    static func int(_ value: JSONValue?) -> Int? {
        guard case let .number(text)? = value else { return nil }
        if let whole = Int(text) { return whole }
        guard let number = Double(text), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    static func bool(_ value: JSONValue?) -> Bool {
        if case let .bool(flag)? = value { return flag }
        return false
    }

    /// The value with its `$ref` followed (up to a chain of 32, against cycles); the value
    /// itself when it is no reference; nil when the reference leads nowhere this reads.
    func resolve(_ value: JSONValue) -> JSONValue? {
        var current = value
        for _ in 0..<32 {
            guard let reference = Self.string(current["$ref"]) else { return current }
            guard let target = pointer(reference) else { return nil }
            current = target
        }
        return nil
    }

    /// An object schema's properties with those of its `allOf` members, references followed, the
    /// members' first and its own last (a few levels deep: a document whose `allOf` refers back to
    /// itself ends there).
    func properties(of schema: JSONValue, depth: Int = 0) -> [(key: String, value: JSONValue)] {
        guard depth < 16, let schema = resolve(schema) else { return [] }
        return Self.array(schema["allOf"]).flatMap { properties(of: $0, depth: depth + 1) } + Self.members(schema["properties"])
    }

    /// Whether a property is not sent in `purpose`'s direction: `readOnly` in a request,
    /// `writeOnly` in an answer, on the property or on the schema it refers to.
    func isOneSided(_ property: JSONValue, for purpose: ExampleMaker.Purpose) -> Bool {
        let keyword = purpose == .request ? "readOnly" : "writeOnly"
        return property[keyword] == .bool(true) || resolve(property)?[keyword] == .bool(true)
    }

    /// What a local JSON pointer points at.
    func pointer(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        return Self.value(in: root, at: String(reference.dropFirst()))
    }

    /// What a JSON pointer (`/components/schemas/Pet`, percent-encoded or not) points at in
    /// `document`.
    static func value(in document: JSONValue, at pointer: String) -> JSONValue? {
        var current = document
        for token in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let key = (String(token).removingPercentEncoding ?? String(token))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if case .array = current, let index = Int(key), let item = current[index] {
                current = item
            } else if let member = current[key] {
                current = member
            } else {
                return nil
            }
        }
        return current
    }

    /// `#/paths/~1pets~1{id}/get`: a location for notes.
    static func location(_ tokens: [String]) -> String {
        "#/"
            + tokens.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined(separator: "/")
    }
}
