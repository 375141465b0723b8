/// A decode type that is one of several others, chosen by the value of one property (what
/// `import-openapi` writes for a `oneOf` with a discriminator). Its `init(from:)` takes the one
/// branch the value names, so a walk would see only the branch its made-up value picks; the
/// schema recorder records each branch instead and writes a `oneOf` with the discriminator.
public protocol OpenAPIOneOfProviding {
    /// The branches' types, in the document's order.
    static var openAPIBranches: [any Decodable.Type] { get }
    /// The property whose value chooses the branch.
    static var openAPIDiscriminator: String { get }
}
