/// What an inline schema's Swift type depends on, so that identical inline schemas share one type.
/// Django REST framework's drf-spectacular (and many other generators) repeat the same object
/// under hundreds of operations and properties (Nautobot's `{id, object_type, url}` references,
/// its `{value, label}` status objects): a type per place made thousands of identical types and a
/// package that took many minutes to build.
///
/// Two schemas share when they are equal once what only describes them is left out (`description`,
/// `title`, `example`, `examples`, `default`, `externalDocs`, `$comment`, `x-` extensions): the
/// same properties with the same types, formats, enum values, `required` members (in any order),
/// nullability, `readOnly`/`writeOnly`, `additionalProperties` and references. A union branch's
/// own `title` is kept, as it names the branch's case. The schema's own nullability is left out:
/// it makes the place's property optional, not another type. The direction mapped (an answer, a
/// request) and whether a binary string is a file (a multipart body's fields) are part of the key,
/// as they change the type made.
struct InlineSchemaKey: Hashable {
    let text: String
    let purpose: ExampleMaker.Purpose
    let binaryIsFile: Bool

    /// Nil for a reference (its type is the component's already) and for a schema that is no object.
    init?(_ schema: JSONValue, purpose: ExampleMaker.Purpose, binaryIsFile: Bool) {
        guard case let .object(members) = schema, schema["$ref"] == nil else { return nil }
        let own = members.filter { $0.key != "nullable" }.map { member -> (key: String, value: JSONValue) in
            guard member.key == "type", case let .array(types) = member.value else { return member }
            return (member.key, .array(types.filter { $0 != .string("null") }))
        }
        text = Self.normalised(.object(own), keepingTitle: false).compactText
        self.purpose = purpose
        self.binaryIsFile = binaryIsFile
    }

    private static let descriptive: Set<String> = [
        "description", "title", "example", "examples", "default", "externalDocs", "$comment",
    ]
    private static let schemaValued: Set<String> = [
        "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedProperties", "unevaluatedItems",
    ]
    private static let schemaLists: Set<String> = ["allOf", "prefixItems"]
    private static let branchLists: Set<String> = ["oneOf", "anyOf"]
    private static let schemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]

    /// The schema with its descriptive keywords left out and its members in one order, so that
    /// equal schemas have equal text. Values that are data (`enum`, `const`, a discriminator's
    /// mapping) are kept as written; a map of schemas keeps its names and normalises its schemas.
    static func normalised(_ schema: JSONValue, keepingTitle: Bool) -> JSONValue {
        guard case let .object(members) = schema else { return schema }
        var kept: [(key: String, value: JSONValue)] = []
        for (key, value) in members {
            if key.hasPrefix("x-") || (descriptive.contains(key) && !(keepingTitle && key == "title")) { continue }
            if schemaValued.contains(key) {
                kept.append((key, normalised(value, keepingTitle: false)))
            } else if schemaLists.contains(key) || branchLists.contains(key), case let .array(items) = value {
                kept.append((key, .array(items.map { normalised($0, keepingTitle: branchLists.contains(key)) })))
            } else if schemaMaps.contains(key), case let .object(entries) = value {
                let sorted = entries.sorted { $0.key < $1.key }
                kept.append((key, .object(sorted.map { (key: $0.key, value: normalised($0.value, keepingTitle: false)) })))
            } else if key == "required", case let .array(names) = value {
                let strings = names.compactMap(\.stringValue).sorted()
                kept.append((key, .array(strings.map(JSONValue.string))))
            } else {
                kept.append((key, value))
            }
        }
        return .object(kept.sorted { $0.key < $1.key })
    }
}
