import APICheck

/// One thing wrong with a request, against its endpoint's declaration: which parameter, where it
/// was expected, and what is wrong. Secret values are never quoted.
struct ValidationProblem: Error, Sendable, Equatable {
    var name: String
    var location: String
    var reason: String

    var json: JSONValue {
        .object([("name", .string(name)), ("in", .string(location)), ("reason", .string(reason))])
    }

    var text: String { "\(name) (\(location)): \(reason)" }
}
