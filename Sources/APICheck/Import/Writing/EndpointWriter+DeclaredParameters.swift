import Foundation

extension EndpointWriter {
    /// An operation's parameter declarations, the path item's and its own (`mergedParameters`), an
    /// `Accept` header where the success answer names a media type to ask for, and a String path
    /// parameter for each placeholder no parameter names; and the merged parameters themselves.
    mutating func declaredParameters(
        _ operation: JSONValue, shared: [JSONValue], method: String, path: String, id: String, at tokens: [String],
        answer: (content: JSONValue?, tokens: [String]), types: inout SchemaMapper
    ) -> (parameters: [String], merged: [(value: JSONValue, tokens: [String])]) {
        var parameters: [String] = []
        let merged = mergedParameters(shared: shared, own: OpenAPISource.array(operation["parameters"]), at: tokens)
        let placeholders = Self.placeholders(in: path)
        for parameter in merged {
            // The mirror of a placeholder without its parameter: a path parameter the path has
            // no place for cannot be sent, and declared it fails the package's own `mocks`.
            if parameter.value["in"] == .string("path"), let name = OpenAPISource.string(parameter.value["name"]),
                !placeholders.contains(name)
            {
                note(.notMapped, parameter.tokens, "path parameter '\(name)' has no placeholder in the path: not declared")
                continue
            }
            if let text = declaration(
                of: parameter.value, at: parameter.tokens, operation: (id, method), path: path, types: &types,
                keepingAccept: answer.content == nil)
            {
                parameters.append(text)
            }
        }
        if let content = answer.content, let accept = acceptParameter(content, at: answer.tokens) { parameters.append(accept) }
        // A placeholder of the path that no parameter names (documents forget them): without a
        // path parameter the package would not pass its own `mocks`, so it is declared as text.
        let named = Set(merged.compactMap { $0.value["in"] == .string("path") ? OpenAPISource.string($0.value["name"]) : nil })
        // A parameter whose reference leads nowhere may be the placeholder's: the document has
        // one then, that the import cannot reach, which is not the same advice as none.
        let unreachable = (shared + OpenAPISource.array(operation["parameters"])).contains { source.resolve($0) == nil }
        for placeholder in placeholders where !named.contains(placeholder) {
            let missing =
                unreachable
                ? "has no parameter the import can reach (a parameter's reference leads nowhere)" : "has no parameter in the document"
            note(.notMapped, tokens, "the path's {\(placeholder)} \(missing): declared a String path parameter")
            let parameter = JSONValue.object([
                ("name", .string(placeholder)), ("in", .string("path")), ("required", .bool(true)),
                ("schema", .object([("type", .string("string"))])),
            ])
            if let text = declaration(of: parameter, at: tokens, operation: (id, method), path: path, types: &types) {
                parameters.append(text)
            }
        }
        return (parameters, merged)
    }
}
