import Foundation

/// An error mock made from its answer's schema, for an answer the document gives no example of,
/// that says the status it is served with: a made-up `{"code": 1, "error": "string"}` beside a 401
/// contradicts its own status, and an app that reads either member would take it for another error.
///
/// The status goes into the integer members plainly meant for it (`code`, `status`,
/// `status_code`, `statusCode`, at the top or in a top-level `error` object), and into any
/// member the document's error examples show holds their status (the shape's `errcode` beside
/// `"errcode": 404` on a 404); where they show a code of the API's own (`"code": 1001`), not
/// even a `code` takes it. The reason
/// phrase (`Unauthorized`) into a string `error`, `title` or `reason` at the top, unless that
/// member is the shape's code (a machine word, as OAuth's `invalid_token`, not a phrase). A member
/// whose schema gives its own value (`example`, `default`), or allows no such value (an `enum` or
/// `const` without it, bounds, a pattern or format), keeps what `ExampleMaker` made of it.
struct MadeUpErrorBody {
    static let statusMembers: Set = ["code", "status", "status_code", "statusCode"]
    static let phraseMembers: Set = ["error", "title", "reason"]

    let source: OpenAPISource
    /// The API's error shape, if it has one: its code is no phrase.
    var shape: ErrorShape?
    /// The document's error examples, with the status of their answers: where they carry a
    /// number in a member, they say whether it is the status.
    var examples: [(document: JSONValue, status: Int)] = []

    func value(for schema: JSONValue, status: Int) -> JSONValue {
        var value = ExampleMaker(source: source).value(for: schema)
        guard case .object = value, let resolved = source.resolve(schema), !givesOwnValue(resolved) else { return value }
        let phrase = ErrorShape.reasonPhrase(status)
        for (name, property) in source.properties(of: resolved) {
            let path = JSONPath([.key(name)])
            guard value.value(at: path) != nil, let property = source.resolve(property) else { continue }
            if meantForStatus(name, at: path) {
                if takes(status, property) { value.set(.number(String(status)), at: path) }
            } else if Self.phraseMembers.contains(name), path != shape?.codePath, let phrase, takes(phrase, property) {
                value.set(.string(phrase), at: path)
            }
            guard name == "error" else { continue }
            for (inner, innerProperty) in source.properties(of: property) {
                let innerPath = JSONPath([.key(name), .key(inner)])
                guard value.value(at: innerPath) != nil, let innerProperty = source.resolve(innerProperty) else { continue }
                if meantForStatus(inner, at: innerPath), takes(status, innerProperty) {
                    value.set(.number(String(status)), at: innerPath)
                }
            }
        }
        return value
    }

    /// Whether a member holds the HTTP status: as the examples that carry a number there show
    /// (`"code": 404` beside a 404, not `"code": 1001`), else by its name.
    private func meantForStatus(_ name: String, at path: JSONPath) -> Bool {
        let shown = examples.compactMap { example in OpenAPISource.int(example.document.value(at: path)).map { ($0, example.status) } }
        if !shown.isEmpty { return shown.allSatisfy { $0 == $1 } }
        return Self.statusMembers.contains(name)
    }

    /// The schema says the value itself: what `ExampleMaker` took from it is the document's.
    private func givesOwnValue(_ schema: JSONValue) -> Bool {
        schema["example"] != nil || !OpenAPISource.array(schema["examples"]).isEmpty || schema["default"] != nil
    }

    private func types(_ schema: JSONValue) -> [String] {
        if let single = OpenAPISource.string(schema["type"]) { return [single] }
        return OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.filter { $0 != "null" }
    }

    /// Whether an integer member's schema takes the status.
    private func takes(_ status: Int, _ schema: JSONValue) -> Bool {
        guard types(schema) == ["integer"], !givesOwnValue(schema) else { return false }
        let listed = OpenAPISource.enumValues(schema)
        if !listed.isEmpty { return listed.contains { OpenAPISource.int($0) == status } }
        let value = Double(status)
        // OpenAPI 3.0 says an exclusive bound with a flag beside `minimum`, 3.1 with a number.
        let flagged = (schema["exclusiveMinimum"] == .bool(true), schema["exclusiveMaximum"] == .bool(true))
        if let minimum = schema["minimum"]?.doubleValue, value < minimum || (flagged.0 && value == minimum) { return false }
        if let maximum = schema["maximum"]?.doubleValue, value > maximum || (flagged.1 && value == maximum) { return false }
        if let minimum = schema["exclusiveMinimum"]?.doubleValue, value <= minimum { return false }
        if let maximum = schema["exclusiveMaximum"]?.doubleValue, value >= maximum { return false }
        if let step = schema["multipleOf"]?.doubleValue, step > 0, value.truncatingRemainder(dividingBy: step) != 0 { return false }
        return true
    }

    /// Whether a string member's schema takes the reason phrase.
    private func takes(_ phrase: String, _ schema: JSONValue) -> Bool {
        guard types(schema) == ["string"], !givesOwnValue(schema), schema["format"] == nil else { return false }
        let listed = OpenAPISource.enumValues(schema)
        if !listed.isEmpty { return listed.contains(.string(phrase)) }
        if let pattern = OpenAPISource.string(schema["pattern"]), phrase.range(of: pattern, options: .regularExpression) == nil {
            return false
        }
        if let shortest = OpenAPISource.int(schema["minLength"]), phrase.count < shortest { return false }
        if let longest = OpenAPISource.int(schema["maxLength"]), phrase.count > longest { return false }
        return true
    }
}
