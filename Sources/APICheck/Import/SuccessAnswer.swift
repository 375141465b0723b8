/// An operation's success answer as the import picks and reads it, and whether the package can
/// declare the operation from it. The import leaves out an operation whose answer it cannot
/// reach, and `import-openapi --check` takes such an operation in either document as none of the
/// package's; an answer whose content is not JSON is bytes (`BinaryBody`). Both read the answer
/// here, so that a change of what the import declares and a change of the comparison's verdict
/// cannot part.
struct SuccessAnswer {
    /// Why the import declares no endpoint for the operation.
    enum Omission: Equatable {
        /// The answer's reference leads nowhere the import reads (another file, nothing).
        case unreachable
    }

    /// The answer's key in `responses`: `200`, `2XX`, `default`...
    let key: String
    /// The status the endpoint expects: the key's, 200 for `2XX` and `default`.
    let status: Int
    /// The answer, its reference followed; nil when it leads nowhere.
    let answer: JSONValue?

    /// nil when the operation has no success answer (the import declares it `NoContent`).
    init?(of operation: JSONValue, in source: OpenAPISource) {
        let responses = OpenAPISource.members(operation["responses"])
        guard let key = Self.key(among: responses.map(\.key)), let declared = responses.first(where: { $0.key == key })
        else { return nil }
        self.key = key
        status = Int(key) ?? 200
        answer = source.resolve(declared.value)
    }

    /// The content the client reads: none when the answer has none or is a 204 or a 101.
    var content: JSONValue? { answer.flatMap { Self.content(of: $0, status: status) } }

    /// nil when the import declares the operation.
    var omission: Omission? { answer == nil ? .unreachable : nil }

    /// The media types of content that is bytes (`BinaryBody`): none of it JSON. nil for JSON
    /// content, or none.
    var bytesTypes: [String]? { content.flatMap(Self.bytesTypes) }

    static func bytesTypes(_ content: JSONValue) -> [String]? {
        let types = OpenAPISource.members(content).map(\.key)
        return types.isEmpty || jsonMedia(content) != nil ? nil : types
    }

    /// The success answer's key: 200, else 201, 202, 203, 204, 206, another 2xx, `2XX`, then
    /// `default`, then `101`: a websocket route's only answer (FastAPI's `WebSocket` routes, the
    /// LiteLLM proxy's `/v1/realtime`) is its Switching Protocols, the success of its handshake,
    /// which the endpoint declares as it is and `apicheck openapi` writes back.
    static func key(among keys: [String]) -> String? {
        let order =
            ["200", "201", "202", "203", "204", "206"] + keys.filter { $0.hasPrefix("2") && Int($0) != nil }
            + ["2XX", "2xx", "default", switchingProtocols]
        return order.first { keys.contains($0) }
    }

    /// The handshake's answer of a websocket route, taken as its success when it has no other.
    static let switchingProtocols = "101"

    static func content(of answer: JSONValue, status: Int) -> JSONValue? {
        OpenAPISource.members(answer["content"]).isEmpty || hasNoBody(status) ? nil : answer["content"]
    }

    /// Whether an answer of the status never has a body: a 204, and a 101, after which the
    /// connection speaks another protocol. The import declares `NoContent` for either, even for
    /// a read, and `apicheck openapi` writes it without content.
    static func hasNoBody(_ status: Int) -> Bool { status == 204 || status == 101 }

    /// The JSON media type of a content map: `application/json`, else any `…json` one, else a
    /// range (`*/*`, `application/*`) over a schema of JSON's structure (`isStructured`). A JSON
    /// type whose schema is a binary string is none: Swagger 2.0's `type: file` under the
    /// document's `produces: [application/json]` is a download.
    static func jsonMedia(_ content: JSONValue) -> (String, JSONValue)? {
        let members = OpenAPISource.members(content).filter { !isBinary($0.value["schema"]) }
        // Swashbuckle lists `application/json-patch+json` first for every body.
        if let json = members.first(where: { MediaType($0.key)?.essence == "application/json" }) { return (json.key, json.value) }
        if let json = members.first(where: { $0.key.lowercased().hasPrefix("application/json") }) { return (json.key, json.value) }
        if let json = members.first(where: { $0.key.lowercased().contains("json") }) { return (json.key, json.value) }
        // springdoc, Spring Boot's generator, names `*/*` for every answer whose controller does
        // not say what it produces: its objects are JSON all the same.
        if let range = members.first(where: { MediaType($0.key)?.isRange == true && isStructured($0.value["schema"]) }) {
            return (range.key, range.value)
        }
        return nil
    }

    /// Whether a schema under a media range describes JSON: an object, an array, a number, a
    /// boolean, a reference or a composition. A bare string is not: under `*/*` it is a
    /// controller's text (Spring writes a `String` as it is, unquoted), and no schema says nothing.
    static func isStructured(_ schema: JSONValue?) -> Bool {
        guard case let .object(members)? = schema, !members.isEmpty else { return false }
        if schema?["$ref"] != nil || schema?["allOf"] != nil || schema?["oneOf"] != nil || schema?["anyOf"] != nil { return true }
        switch schema?["type"] {
        case let .string(type)?: return type != "string"
        case let .array(types)?: return types.contains { $0.stringValue.map { $0 != "string" && $0 != "null" } ?? false }
        default: return schema?["properties"] != nil || schema?["items"] != nil
        }
    }

    /// Whether a schema says its value is bytes: a string of `format: binary`. (A JSON string of
    /// `contentEncoding: base64` is still JSON: a quoted string.)
    static func isBinary(_ schema: JSONValue?) -> Bool {
        guard let schema, OpenAPISource.string(schema["type"]) ?? "string" == "string" else { return false }
        return schema["format"] == .string("binary")
    }
}
