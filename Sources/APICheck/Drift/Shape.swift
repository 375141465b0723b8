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
    public var fields: [Field] {
        didSet { fieldIndex = Self.index(fields) }
    }
    /// The merged shape of all elements; nil when no array held any element (nothing is known).
    public var element: Shape? {
        get { elementStorage.first }
        set { elementStorage = newValue.map { [$0] } ?? [] }
    }

    // An array gives the recursion the indirection a struct needs.
    private var elementStorage: [Shape] = []
    // Field lookups by name stay O(1): answers can hold objects with thousands of keys. Small
    // objects are searched instead: a map whose keys are data has a small shape below every entry.
    private var fieldIndex: [String: Int]
    static var searchLimit: Int { 8 }

    public init(kinds: Kinds, fields: [Field] = [], element: Shape? = nil) {
        self.kinds = kinds
        self.fields = fields
        self.fieldIndex = Self.index(fields)
        self.elementStorage = element.map { [$0] } ?? []
    }

    private static func index(_ fields: [Field]) -> [String: Int] {
        guard fields.count > searchLimit else { return [:] }
        var index: [String: Int] = [:]
        for (position, field) in fields.enumerated() where index[field.name] == nil { index[field.name] = position }
        return index
    }

    public init(of value: JSONValue) {
        var merger = ShapeMerger()
        merger.add(value, cutoff: nil)
        self = merger.shape!
    }

    /// The shape of `value` without the fields of objects at `skippingBelow` (generalized paths
    /// from the root, `[*]` for elements): the dictionaries a decode type reads, whose keys are
    /// data. Compared with a mock, it gives the same drift findings as `Shape(of:)`, because
    /// `Drift` reports nothing below a dictionary.
    public init(of value: JSONValue, skippingBelow paths: [JSONPath]) {
        var merger = ShapeMerger()
        merger.add(value, cutoff: ShapeCutoff(paths))
        self = merger.shape!
    }

    /// The shape of `value` as far as comparing it with `expected` needs (see `ShapeCutoff`), and
    /// without the fields of objects at `skippingBelow`: the same changes against `expected` as
    /// `Shape(of:)` gives, for a fraction of the memory when the answer holds much the mock lacks.
    public init(of value: JSONValue, skippingBelow paths: [JSONPath], comparedWith expected: Shape) {
        var merger = ShapeMerger()
        merger.add(value, cutoff: ShapeCutoff(following: expected, cutting: paths))
        self = merger.shape!
    }

    /// The shape of `value` as far as `cutoff` lets it go.
    init(of value: JSONValue, cutoff: ShapeCutoff) {
        var merger = ShapeMerger()
        merger.add(value, cutoff: cutoff)
        self = merger.shape!
    }

    public func field(_ name: String) -> Field? {
        guard fields.count > Self.searchLimit else { return fields.first { $0.name == name } }
        return fieldIndex[name].map { fields[$0] }
    }

    /// The union of two shapes: a field in one object but not the other becomes sometimes-absent.
    public func merged(with other: Shape) -> Shape {
        var merger = ShapeMerger()
        merger.add(self)
        merger.add(other)
        return merger.shape ?? self
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
