/// What one decoder saw of a type's `init(from:)`: the properties of a keyed container in the order
/// they were read, or the one value of a single-value container, or the items of an unkeyed one.
final class SchemaRecording {
    enum Part {
        case schema(JSONValue)
        /// A nested container, whose calls come after the property is met.
        case nested(SchemaRecording)

        var schema: JSONValue {
            switch self {
            case let .schema(schema): return schema
            case let .nested(recording): return recording.schema()
            }
        }
    }

    private enum Shape {
        case nothing, keyed, single(Part), unkeyed
    }

    private var shape = Shape.nothing
    private var properties: [(name: String, part: Part, required: Bool, nullable: Bool)] = []
    private var items: [Part] = []
    /// How many single-value reads to refuse before answering: a sum type's `init(from:)` tries
    /// one shape after another, and refusing the first ones shows the others.
    let refusing: Int
    /// Single-value reads refused so far.
    private(set) var refused = 0

    /// Values to answer for string properties instead of made-up ones: one branch of a payload
    /// chosen by a discriminator field (`resultType: "scalar"`), from the mocks' values.
    let choices: [String: String]
    /// The string properties read, in order: the candidates for a discriminator.
    private(set) var stringKeys: [String] = []
    /// Cases to answer for enum properties instead of the first one, by position in the enum's
    /// cases: one branch of a payload chosen by an enum field (`kind: .circle`).
    let caseChoices: [String: Int]
    /// The properties read as an enum of several cases, in order, with their count: the
    /// candidates for an enum discriminator.
    private(set) var enumKeys: [(key: String, cases: Int)] = []

    init(refusing: Int = 0, choices: [String: String] = [:], caseChoices: [String: Int] = [:]) {
        self.refusing = refusing
        self.choices = choices
        self.caseChoices = caseChoices
    }

    func readString(_ key: String) { if !stringKeys.contains(key) { stringKeys.append(key) } }

    func readEnum(_ key: String, cases: Int) { if !enumKeys.contains(where: { $0.key == key }) { enumKeys.append((key, cases)) } }

    /// Whether the next single-value read is refused (one more branch to see).
    func refusesNextSingle() -> Bool {
        guard refused < refusing else { return false }
        refused += 1
        return true
    }

    /// Whether the type read a single value (it may be a sum of several shapes).
    var readSingle: Bool {
        if case .single = shape { return true }
        return refused > 0
    }
    /// Keys the type asked `contains` about: a property read only after asking is optional.
    private var askedKeys: Set<String> = []

    var isObject: Bool {
        if case .keyed = shape { return true }
        return false
    }

    func openKeyed() {
        if case .nothing = shape { shape = .keyed }
    }

    func openUnkeyed() {
        if case .nothing = shape { shape = .unkeyed }
    }

    func asked(_ key: String) { askedKeys.insert(key) }

    /// A property read with `decode` (required) or `decodeIfPresent` (optional, and null allowed).
    /// The first read of a key wins.
    func property(_ name: String, _ part: Part, ifPresent: Bool) {
        guard !properties.contains(where: { $0.name == name }) else { return }
        properties.append((name, part, !ifPresent && !askedKeys.contains(name), ifPresent))
    }

    func single(_ part: Part) {
        if case .nothing = shape { shape = .single(part) }
    }

    /// An item of an unkeyed container. A type that reads more items than the container offers
    /// reads a tuple (`[1764590400.5, "1"]`): each position has its own schema.
    func item(_ part: Part) { items.append(part) }

    func schema() -> JSONValue {
        switch shape {
        case .nothing: return JSONSchema.any
        case let .single(part): return part.schema
        case .unkeyed:
            guard items.count > 1 else { return JSONSchema.array(of: items.first?.schema ?? JSONSchema.any) }
            return .object([
                ("type", .string("array")), ("prefixItems", .array(items.map(\.schema))),
                ("minItems", .number(String(items.count))), ("maxItems", .number(String(items.count))),
            ])
        case .keyed:
            let members = properties.map { property -> (key: String, value: JSONValue) in
                (property.name, property.nullable ? JSONSchema.nullable(property.part.schema) : property.part.schema)
            }
            return JSONSchema.object(properties: members, required: properties.filter(\.required).map(\.name))
        }
    }
}
