import APICheck

/// One thing wrong with a request, against its endpoint's declaration: which parameter, where it
/// was expected, and what is wrong. Secret values are never quoted.
public struct ValidationProblem: Error, Sendable, Equatable {
    public var name: String
    public var location: String
    public var reason: String
    /// Where inside a typed body the fault is (`$.identifier.user`), which `name` spells out; nil
    /// for a parameter, which is named by its name.
    public var path: JSONPath? = nil

    public var json: JSONValue {
        .object([("name", .string(name)), ("in", .string(location)), ("reason", .string(reason))])
    }

    /// The whole body's fault is named once: "body: is not JSON", not "(body) (body): …".
    public var text: String { name == "(body)" ? "\(location): \(reason)" : "\(name) (\(location)): \(reason)" }
}
