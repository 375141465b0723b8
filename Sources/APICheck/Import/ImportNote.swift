/// Something `import-openapi` wants a person to know about the package it wrote: a part of the
/// document it did not map (and what it did instead), a value it made up, a sample to provide.
/// Nothing is dropped silently: every such choice is one note, with where in the document it is.
public struct ImportNote: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A part of the document the package does not declare, or declares loosely (`JSONValue`).
        case notMapped = "not mapped"
        /// A mock made from the schema, not from an example of the document.
        case madeUp = "made up"
        /// A parameter whose sample comes from an environment variable the user must set.
        case needsValue = "set"
        /// A property or parameter name made a secret field: its values never print.
        case secret
    }

    public var kind: Kind
    /// Where in the document, as a JSON pointer (`#/paths/~1pets/get`).
    public var location: String
    public var message: String
    /// What notes of its kind at other places say alike where each message names its own detail
    /// (`mocks/listPets.json is made from the schema`): how a line standing for them all says it.
    /// Nil where the message itself is what they share.
    public var gist: String?

    public init(_ kind: Kind, at location: String, _ message: String) {
        self.init(kind, at: location, message, gist: nil)
    }

    public init(_ kind: Kind, at location: String, _ message: String, gist: String?) {
        self.kind = kind
        self.location = location
        self.message = message
        self.gist = gist
    }

    public var description: String { "\(kind.rawValue): \(location): \(message)" }
}
