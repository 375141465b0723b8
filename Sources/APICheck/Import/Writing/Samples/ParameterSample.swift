import Foundation

extension EndpointWriter {
    /// The document's value for a sample: the parameter's example, its first `examples` value,
    /// the schema's example or default; for a required parameter, else its first enum value. An
    /// optional one is not sent on a guess: its first enum value may ask for another answer than
    /// the one declared (`format=csv` where JSON is the default). A DELETE's required parameter
    /// takes no guess either (`guessing` false): its default or first enum value names what a
    /// server holds, which the run would delete; it reads a variable.
    func sampleValue(_ parameter: JSONValue, schema: JSONValue, required: Bool, guessing: Bool = true) -> JSONValue? {
        if let example = parameter["example"] { return example }
        if let first = OpenAPISource.members(parameter["examples"]).first,
            let value = source.resolve(first.value)?["value"]
        {
            return value
        }
        if let example = schema["example"] { return example }
        let required = required && guessing
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

    /// The sample of a query parameter that selects what a bulk delete deletes, and whether it was
    /// made up; or nil. Only a query parameter of a `DELETE` on a collection (its path ends in no
    /// placeholder: `/chart/`, `/annotation_layer/{pk}/annotation/`) without a value of its own
    /// gets one. Given as a JSON value (`content`), without it a server refuses the call (Superset:
    /// 400, "{} is not of type 'array'") or deletes whatever its default selects: its `content`'s
    /// example, else a value made from its schema that names nothing a server holds
    /// (`selectingNothing`). Given by a `schema` and optional, left out it may select everything:
    /// a number or a plain string sent names nothing either; a flag or an enum's value, which
    /// would name what a server holds, is not sent. A made-up one is declared `.madeUp()` and
    /// noted, so that `live` takes a client error to the guess for a refusal of it, not for the
    /// endpoint's fault. Any other parameter without a value is not sent, or reads a variable.
    mutating func bulkSelection(
        _ parameter: JSONValue, schema: JSONValue, required: Bool, at tokens: [String], operation: (id: String, method: String),
        path: String
    ) -> (sample: String, madeUp: Bool)? {
        guard operation.method == "delete", !(path.split(separator: "/").last?.contains("{") ?? false),
            parameter["in"] == .string("query"), let name = OpenAPISource.string(parameter["name"])
        else { return nil }
        let value: JSONValue
        if parameter["schema"] != nil {
            let items = schema["items"].flatMap { source.resolve($0) }
            guard !required, let made = Self.namingNothing(schema, items: items) else { return nil }
            let list = OpenAPISource.string(schema["type"]) == "array"
            let sample: String
            if OpenAPISource.array(made).first ?? made == .string(Self.runName) {
                sample = ".unique(prefix: \"apicheck-\")"
            } else if let type = Self.scalarType(list ? items ?? .object([]) : schema),
                let literal = Self.literal(made, as: type, list: list)
            {
                sample = ".literal(\(literal))"
            } else {
                return nil
            }
            note(
                .madeUp, tokens,
                "\(operation.id) deletes what its optional query parameter '\(name)' selects, which the document gives no "
                    + "example of: live sends \(made.compactText.replacingOccurrences(of: Self.runName, with: "apicheck-<run id>")), so as to select nothing a "
                    + "server holds rather than what the server's default selects, and a refusal of it is not checked; give the "
                    + "parameter a sample",
                gist: "no example of what a bulk delete selects: the query value live sends is made up, declared madeUp()")
            return (sample, true)
        } else {
            guard let (mediaType, media) = OpenAPISource.members(parameter["content"]).first, let schema = media["schema"] else {
                return nil
            }
            if let given = media["example"]
                ?? OpenAPISource.members(media["examples"]).first.flatMap({ source.resolve($0.value)?["value"] })
            {
                if case let .string(plain) = given { return (".literal(\(SwiftName.literal(plain)))", false) }
                return (".literal(\(SwiftName.literal(given.compactText)))", false)
            }
            // A made-up id of 1 names an object most servers hold: Superset deleted its dataset 1
            // and dashboard 1 for `q=[1]`; its tag bulk delete names tags, and `["string"]` names
            // the tag a user called so.
            value = Self.selectingNothing(madeValue(for: schema, purpose: .request, at: tokens + ["content", mediaType, "schema"]).value)
        }
        // An empty selection may select everything: no guess is better than that one.
        guard ![.null, .array([]), .object([])].contains(value) else { return nil }
        let text: String
        if case let .string(plain) = value { text = plain } else { text = value.compactText }
        let sample: String
        if text.contains(Self.runName) {
            // The run's id goes where each made-up name is; a `{}` of the value itself would too.
            guard !text.replacingOccurrences(of: Self.runName, with: "").contains("{}") else { return nil }
            sample = ".template(\(SwiftName.literal(text)), .unique(prefix: \"\"))"
        } else {
            sample = ".literal(\(SwiftName.literal(text)))"
        }
        let shown = text.replacingOccurrences(of: Self.runName, with: "apicheck-<run id>")
        note(
            .madeUp, tokens,
            "\(operation.id) deletes what its query parameter '\(name)' selects, which the document gives no example of: live "
                + "sends \(shown), made from the schema with ids and names no server holds, and a refusal of it is not checked; give "
                + "the parameter a sample",
            gist: "no example of what a bulk delete selects: the query value live sends is made from the schema, declared madeUp()")
        return (sample, true)
    }

    /// Where a made-up selection names something: `apicheck-` and the run's id, which a template
    /// puts at each `{}`, a name no user gave anything.
    static let runName = "apicheck-{}"

    /// A made-up selection with each number the largest 32-bit integer, an id no server has
    /// reached, and each string a name unique to the run (`runName`); its shape as made.
    static func selectingNothing(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number: .number("2147483647")
        case .string: .string(runName)
        case let .array(items): .array(items.map(selectingNothing))
        case let .object(members): .object(members.map { ($0.key, selectingNothing($0.value)) })
        default: value
        }
    }

    /// What an optional selection given by a schema sends to name nothing: for a number, or a list
    /// of numbers, an id no server has reached; for a string without a format or a list of them, a
    /// name unique to the run; nil for anything else (a flag, an enum, a date).
    static func namingNothing(_ schema: JSONValue, items: JSONValue?) -> JSONValue? {
        let scalar = OpenAPISource.string(schema["type"]) == "array" ? items : schema
        guard let scalar, OpenAPISource.enumValues(scalar).isEmpty, scalar["format"] == nil || scalar["type"] != .string("string")
        else { return nil }
        let one: JSONValue
        switch OpenAPISource.string(scalar["type"]) {
        case "integer"?, "number"?: one = .number("2147483647")
        case "string"?: one = .string(runName)
        default: return nil
        }
        return OpenAPISource.string(schema["type"]) == "array" ? .array([one]) : one
    }
}
