import Foundation

extension EndpointWriter {
    /// The document's value for a sample: the parameter's example, its first `examples` value,
    /// the schema's example or default; for a required parameter, else its first enum value. An
    /// optional one is not sent on a guess: its first enum value may ask for another answer than
    /// the one declared (`format=csv` where JSON is the default).
    func sampleValue(_ parameter: JSONValue, schema: JSONValue, required: Bool) -> JSONValue? {
        if let example = parameter["example"] { return example }
        if let first = OpenAPISource.members(parameter["examples"]).first,
            let value = source.resolve(first.value)?["value"]
        {
            return value
        }
        if let example = schema["example"] { return example }
        // An optional parameter's default is what the server does without it: sent, it checks
        // nothing, and hides a document whose default is not the server's (Nautobot's `depth`).
        if required, let value = schema["default"] { return value }
        if required, let first = OpenAPISource.enumValues(schema).first { return first }
        if let items = schema["items"].flatMap({ source.resolve($0) }) {
            let guessed = required ? OpenAPISource.array(items["enum"]).first : nil
            if let value = items["example"] ?? (required ? items["default"] : nil) ?? guessed { return .array([value]) }
        }
        return nil
    }

    /// The value of a query parameter that selects what a bulk delete deletes, as a literal of the
    /// declared `String` (its JSON text), and whether it was made up; or nil. Only a query parameter
    /// of a `DELETE` whose path names no object, given as a JSON value (`content`, not `schema`),
    /// gets one: its `content`'s example, else a value made from its schema, its numbers an id no
    /// server holds (`selectingNothing`), as a bulk delete
    /// selects what it deletes by it (Superset's `DELETE /api/v1/chart/?q=!(1,2)`), and without it
    /// a server refuses the call (Superset: 400, "{} is not of type 'array'") or deletes whatever
    /// its default selects. The parameter is declared `.madeUp()` and noted, so that `live` takes a
    /// client error to the guess for a refusal of it, not for the endpoint's fault. Any other
    /// parameter without a value is not sent, or reads a variable a person sets.
    mutating func bulkSelection(_ parameter: JSONValue, at tokens: [String], operation: (id: String, method: String), path: String)
        -> (literal: String, madeUp: Bool)?
    {
        guard operation.method == "delete", !path.contains("{"), parameter["in"] == .string("query"), parameter["schema"] == nil,
            let (mediaType, media) = OpenAPISource.members(parameter["content"]).first, let schema = media["schema"],
            let name = OpenAPISource.string(parameter["name"])
        else { return nil }
        let made: (value: JSONValue, given: Bool)
        if let given = media["example"] ?? OpenAPISource.members(media["examples"]).first.flatMap({ source.resolve($0.value)?["value"] }) {
            made = (given, true)
        } else {
            made = madeValue(for: schema, purpose: .request, at: tokens + ["content", mediaType, "schema"])
        }
        // A made-up id of 1 names an object most servers hold: Superset deleted its dataset 1 and
        // dashboard 1 for `q=[1]`. An id no server hands out selects nothing, and is refused.
        let value = made.given ? made.value : Self.selectingNothing(made.value)
        // An empty selection may select everything: no guess is better than that one.
        guard ![.null, .array([]), .object([])].contains(value) else { return nil }
        let text: String
        if case let .string(plain) = value { text = plain } else { text = value.compactText }
        guard !made.given else { return (SwiftName.literal(text), false) }
        note(
            .madeUp, tokens,
            "\(operation.id) deletes what its query parameter '\(name)' selects, which the document gives no example of: live "
                + "sends \(text), made from the schema with ids no server holds, and a refusal of it is not checked; give the "
                + "parameter a sample",
            gist: "no example of what a bulk delete selects: the query value live sends is made from the schema, declared madeUp()")
        return (SwiftName.literal(text), true)
    }

    /// A made-up selection with each number the largest 32-bit integer, an id no server has
    /// reached; its text and shape as made.
    static func selectingNothing(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number: .number("2147483647")
        case let .array(items): .array(items.map(selectingNothing))
        case let .object(members): .object(members.map { ($0.key, selectingNothing($0.value)) })
        default: value
        }
    }
}
