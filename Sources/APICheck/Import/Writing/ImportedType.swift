/// A Swift type declaration made from a schema: a struct of properties (a final class where the
/// type contains itself, which a struct cannot), a string enum that keeps unknown values, an enum
/// with a case per branch of a `oneOf`/`anyOf` (or of several types), or an alias of another
/// type (`typealias Tags = [String]`).
struct ImportedType: Equatable {
    struct Property: Equatable {
        /// The name in the JSON, as `CodingKeys` spells it.
        var jsonName: String
        var swiftName: String
        /// The Swift type without the optional mark.
        var type: String
        var optional: Bool
        var comment: String?

        var declaredType: String { optional ? type + "?" : type }
    }

    /// One branch of a union: the case that holds it and the Swift type of its value.
    struct Branch: Equatable {
        var caseName: String
        var type: String
        /// What the error of a failing branch calls it: the component's name or the JSON type.
        var label: String
        /// The discriminator's values that select it (the mapping keys, else the component's name).
        var discriminatorValues: [String] = []
        /// The JSON members the branch declares when it is an object: a union without a
        /// discriminator tries first the branch that declares the most of a value's members.
        var members: [String] = []
    }

    enum Kind: Equatable {
        case structure([Property])
        /// The JSON values, in the document's order.
        case stringEnum([String])
        /// `oneOf`/`anyOf` branches, in the document's order; the discriminator's property name
        /// when one selects the branch.
        case union([Branch], discriminator: String?)
        case alias(String)
    }

    var name: String
    var kind: Kind
    var comment: String?
    /// Where the schema is, for the file's header.
    var location: String
    /// Set for a type that contains itself other than through an array or a map.
    var isClass = false
}
