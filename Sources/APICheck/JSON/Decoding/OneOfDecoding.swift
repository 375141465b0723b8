/// What the enums `import-openapi` makes of a `oneOf` or `anyOf` decode with: a key to read a
/// discriminator property by its name, and the error when no branch fits, which names every branch
/// with its own failure and where in the document it failed, so a person sees why each was refused
/// instead of only the last one's reason.
public enum OneOfDecoding {
    /// A coding key of any name: the discriminator's property (`petType`).
    public struct Key: CodingKey, Sendable {
        public var stringValue: String
        public var intValue: Int? { nil }

        public init(_ name: String) { stringValue = name }
        public init?(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }

    /// One branch of the union, decoded from the union's own value. What the branch requires is
    /// required of the objects that take it, not of every object at its place: to drift, a field
    /// one kind of item has and another lacks is no field the type requires of all.
    ///
    /// A union that is, through its branches, one of its own at the same place (`A: anyOf: [string,
    /// B]`, `B: anyOf: [integer, A]`) would try itself for ever on a value no other branch takes,
    /// and a server or a client's request would bring the process down: the second try of one
    /// type at one place is refused instead.
    public static func branch<T: Decodable>(_ type: T.Type, from decoder: any Decoder) throws -> T {
        // The schema recorder walks types, not a document: its coding path stays empty, and it
        // bounds recursion by its own components.
        if decoder is SchemaRecordingDecoder { return try decoder.singleValueContainer().decode(type) }
        let recording = decoder as? ValueDecoder
        // An ancestor at the same depth is the same place: what recurses is on the chain only.
        let place = Place(type: ObjectIdentifier(type), depth: recording?.path.components.count ?? decoder.codingPath.count)
        guard !trying.contains(place) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(ReadLog.typeName(type)) is one of its own branches here: no value of it is decoded"))
        }
        return try $trying.withValue(trying.union([place])) {
            guard let recording else { return try decoder.singleValueContainer().decode(type) }
            return try recording.log.inBranch { try recording.singleValueContainer().decode(type) }
        }
    }

    private struct Place: Hashable, Sendable {
        var type: ObjectIdentifier
        var depth: Int
    }

    /// The branches being tried on the current chain of decodes.
    @TaskLocal private static var trying: Set<Place> = []

    /// `PetOrError at $.owner: no branch fits: Pet ($.owner.name: expected a value, found absent);
    /// ErrorModel ($.owner.code: expected Int, found String)`, as a `dataCorrupted` error at the
    /// union's own coding path.
    public static func noBranchFits(
        _ type: String, failures: [(branch: String, error: any Error)],
        codingPath: [any CodingKey]
    ) -> DecodingError {
        let place = JSONValueDecoder.path(codingPath)
        let reasons = failures.map { "\($0.branch) (\(describe($0.error)))" }.joined(separator: "; ")
        return .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "\(type) at \(place): no branch fits: \(reasons)"))
    }

    /// One branch's failure: the JSONPath from the document's root and what was wrong there.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let failure as DecodingFailure:
            return failure.description
        case let .typeMismatch(expected, context) as DecodingError:
            return "\(JSONValueDecoder.path(context.codingPath)): expected \(ReadLog.typeName(expected)); \(context.debugDescription)"
        case let .valueNotFound(expected, context) as DecodingError:
            return "\(JSONValueDecoder.path(context.codingPath)): expected \(ReadLog.typeName(expected)), found null"
        case let .keyNotFound(key, context) as DecodingError:
            return "\(JSONValueDecoder.path(context.codingPath).appending(key.stringValue)): expected a value, found absent"
        case let .dataCorrupted(context) as DecodingError:
            return "\(JSONValueDecoder.path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
