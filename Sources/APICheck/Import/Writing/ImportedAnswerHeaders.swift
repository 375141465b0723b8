/// The headers a document says every success of an operation carries (`required: true`): the
/// endpoint declares them (`answering(headers:)`) and its mock's file of headers
/// (`mocks/.headers/`, `MockHeaders`) holds a value for each, the document's example or one made
/// from the header's schema. A header the document leaves optional is not declared: a correct
/// server may answer without it.
enum ImportedAnswerHeaders {
    static func required(in answer: JSONValue?, source: OpenAPISource) -> [(name: String, value: String)] {
        OpenAPISource.members(answer?["headers"]).compactMap { name, given in
            guard let header = source.resolve(given), OpenAPISource.bool(header["required"]), MockHeaders.isToken(name),
                !MockHeaders.reserved.contains(name.lowercased())
            else { return nil }
            let schema = header["schema"].flatMap(source.resolve)
            let example =
                header["example"] ?? schema?["example"]
                ?? OpenAPISource.members(header["examples"]).lazy.compactMap { source.resolve($0.value)?["value"] }.first
            return (name, example.map(text) ?? madeUp(schema))
        }
    }

    private static func text(_ value: JSONValue) -> String {
        if case let .string(text) = value { return text }
        return value.compactText
    }

    private static func madeUp(_ schema: JSONValue?) -> String {
        switch OpenAPISource.string(schema?["type"]) {
        case "integer", "number": "0"
        case "boolean": "true"
        default: "string"
        }
    }
}
