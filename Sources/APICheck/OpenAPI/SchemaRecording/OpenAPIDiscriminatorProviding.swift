/// A decode type whose shape a string property chooses (Prometheus's `resultType`: `vector`,
/// `matrix`, `scalar`, `string`), and which states every value that property takes. Its
/// `init(from:)` takes one branch by the value it reads, so a walk with a made-up value sees none;
/// the schema recorder walks it once per declared value instead, the property a `const` in each
/// branch, and writes their `oneOf`. Without it, only the values the mocks hold are walked, and
/// `apicheck openapi` says so.
public protocol OpenAPIDiscriminatorProviding {
    /// The property whose value chooses the shape.
    static var openAPIDiscriminator: String { get }
    /// Every value it takes, in the order the branches are written.
    static var openAPIDiscriminatorValues: [String] { get }
}
