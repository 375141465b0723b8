/// What the schema recorder needs to know of the standard containers without being able to name
/// their generic parameters: the element type, and an empty value to hand back to the decode type.
protocol OptionalSchemaMarker {
    static var wrappedType: any Decodable.Type { get }
    static var noneValue: Self { get }
}

protocol SequenceSchemaMarker {
    static var elementType: any Decodable.Type { get }
    static var emptyValue: Self { get }
    /// Sets decode as arrays whose items are unique.
    static var uniqueItems: Bool { get }
}

protocol DictionarySchemaMarker {
    static var valueType: any Decodable.Type { get }
    static var emptyValue: Self { get }
}

extension Optional: OptionalSchemaMarker where Wrapped: Decodable {
    static var wrappedType: any Decodable.Type { Wrapped.self }
    static var noneValue: Self { .none }
}

extension Array: SequenceSchemaMarker where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static var emptyValue: Self { [] }
    static var uniqueItems: Bool { false }
}

extension Set: SequenceSchemaMarker where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static var emptyValue: Self { [] }
    static var uniqueItems: Bool { true }
}

extension Dictionary: DictionarySchemaMarker where Key: Decodable, Value: Decodable {
    static var valueType: any Decodable.Type { Value.self }
    static var emptyValue: Self { [:] }
}
