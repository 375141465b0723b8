/// The structure of JSON values with the data taken out: which kinds of value occur, the fields of
/// objects (and whether every object had them), and the merged shape of all array elements.
///
/// Shapes are inferred from documents (a mock, a live answer) and compared by `ShapeDiff`.
public struct Shape: Sendable, Equatable {
    public struct Kinds: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let null = Kinds(rawValue: 1 << 0)
        public static let bool = Kinds(rawValue: 1 << 1)
        /// Integers and decimals are one kind: `1` and `1.5` are both valid for a `Double` field.
        public static let number = Kinds(rawValue: 1 << 2)
        public static let string = Kinds(rawValue: 1 << 3)
        public static let array = Kinds(rawValue: 1 << 4)
        public static let object = Kinds(rawValue: 1 << 5)
    }

    public struct Field: Sendable, Equatable {
        public var name: String
        public var shape: Shape
        /// Absent from some of the objects merged into this shape.
        public var sometimesAbsent: Bool
    }

    public var kinds: Kinds
    /// Object fields in first-seen order; empty unless `kinds` holds `.object`.
    public var fields: [Field]
    /// The merged shape of all elements; nil when no array held any element (nothing is known).
    public var element: Shape? {
        get { elementStorage.first }
        set { elementStorage = newValue.map { [$0] } ?? [] }
    }

    // An array gives the recursion the indirection a struct needs.
    private var elementStorage: [Shape] = []

    public init(kinds: Kinds, fields: [Field] = [], element: Shape? = nil) {
        self.kinds = kinds
        self.fields = fields
        self.elementStorage = element.map { [$0] } ?? []
    }

    public init(of value: JSONValue) {
        switch value {
        case .null: self.init(kinds: .null)
        case .bool: self.init(kinds: .bool)
        case .number: self.init(kinds: .number)
        case .string: self.init(kinds: .string)
        case let .array(items):
            var element: Shape?
            for item in items {
                let shape = Shape(of: item)
                element = element.map { $0.merged(with: shape) } ?? shape
            }
            self.init(kinds: .array, element: element)
        case let .object(members):
            var fields: [Field] = []
            for member in members where !fields.contains(where: { $0.name == member.key }) {
                fields.append(Field(name: member.key, shape: Shape(of: member.value), sometimesAbsent: false))
            }
            self.init(kinds: .object, fields: fields)
        }
    }

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// The union of two shapes: a field in one object but not the other becomes sometimes-absent.
    public func merged(with other: Shape) -> Shape {
        var result = Shape(kinds: kinds.union(other.kinds))
        let selfHasObjects = kinds.contains(.object), otherHasObjects = other.kinds.contains(.object)
        if selfHasObjects || otherHasObjects {
            var fields: [Field] = []
            for field in self.fields {
                if let match = other.field(field.name) {
                    fields.append(Field(name: field.name, shape: field.shape.merged(with: match.shape),
                                        sometimesAbsent: field.sometimesAbsent || match.sometimesAbsent))
                } else {
                    fields.append(Field(name: field.name, shape: field.shape, sometimesAbsent: field.sometimesAbsent || otherHasObjects))
                }
            }
            for field in other.fields where self.field(field.name) == nil {
                fields.append(Field(name: field.name, shape: field.shape, sometimesAbsent: field.sometimesAbsent || selfHasObjects))
            }
            result.fields = fields
        }
        switch (element, other.element) {
        case let (a?, b?): result.element = a.merged(with: b)
        case let (a?, nil): result.element = a
        case let (nil, b?): result.element = b
        case (nil, nil): result.element = nil
        }
        return result
    }

    /// How reports name the kinds: `String`, `Int|null`, `Object`, `Array<Object>`.
    public var kindDescription: String {
        var names: [String] = []
        if kinds.contains(.string) { names.append("String") }
        if kinds.contains(.number) { names.append("Number") }
        if kinds.contains(.bool) { names.append("Bool") }
        if kinds.contains(.object) { names.append("Object") }
        if kinds.contains(.array) { names.append(element.map { "Array<\($0.kindDescription)>" } ?? "Array") }
        if kinds.contains(.null) { names.append("null") }
        return names.isEmpty ? "absent" : names.joined(separator: "|")
    }
}
