/// A decode type that states its own JSON Schema instead of being walked. Adopt it for a type
/// whose `init(from:)` the schema recorder cannot follow: an enum with `String` raw values that is
/// not `CaseIterable`, an enum with associated values, or a type that reads its container by
/// iterating `allKeys`.
///
/// ```swift
/// extension Colour: OpenAPISchemaProviding {
///     static var openAPISchema: JSONValue { .object([("type", .string("string")), ("pattern", .string("^#[0-9a-f]{6}$"))]) }
/// }
/// ```
public protocol OpenAPISchemaProviding {
    static var openAPISchema: JSONValue { get }
}
