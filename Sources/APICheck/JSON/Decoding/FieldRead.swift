/// A field a decode type reads, learnt by decoding a real document with `JSONValueDecoder`.
/// Drift uses it to tell changes that break the app (the type reads the field) from noise.
public struct FieldRead: Sendable, Equatable {
    /// Generalized path (`[*]` for elements) from the document root.
    public var path: JSONPath
    /// The Swift type the decoder asked for at this path.
    public var type: String
    /// Read with `decode` (true) rather than `decodeIfPresent` (false): null or absence breaks it.
    public var required: Bool
    /// The value is a dictionary: its keys are data, so keys added or gone below it are not drift.
    public var isMap: Bool

    public init(path: JSONPath, type: String, required: Bool, isMap: Bool = false) {
        self.path = path
        self.type = type
        self.required = required
        self.isMap = isMap
    }
}
