import APICheck
import HTTPServer

extension ErrorCheck {
    /// Whether a request carries this check's provoking input: each value it sets sent as set (as
    /// text, the way a path, query, header or form carries it; a JSON body's scalar or a typed
    /// body's input where its sample puts it), each parameter it leaves out absent. `serve` then
    /// answers the check's scenario, as the server it stands for would.
    func isProvoked(
        by request: ServerRequest, endpoint: AnyEndpoint, pathValues: [(name: String, value: String)],
        body: [String: JSONValue]
    ) -> Bool {
        func sent(_ name: String) -> String? {
            if let parameter = endpoint.parameters.first(where: { $0.name == name }) {
                switch parameter.location {
                case .path: return pathValues.first { $0.name == name }?.value
                case .query:
                    if let style = parameter.list { return style.values(name, in: request.query)?.joined(separator: ",") }
                    // A bare flag (`?verbose`) is the true a check sets.
                    let value = request.queryValue(name)
                    return parameter.type == .bool && value.map(parameter.isAcceptedEmpty) == true ? "true" : value
                case .header: return request.field(name.lowercased())
                case .cookie: return request.cookie(name)
                case .body: return body[name].map(Self.text)
                }
            }
            guard let declared = endpoint.requestBody, let path = declared.path(ofInput: name) else { return nil }
            return JSONValue.object(body.map { ($0.key, $0.value) }).value(at: path).map(Self.text)
        }
        for (name, value) in inputs where sent(name) != value.text { return false }
        for name in omitted where sent(name) != nil { return false }
        return true
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case let .string(text), let .number(text): text
        case let .bool(flag): String(flag)
        case .null: "null"
        case let .array(items): items.map(text).joined(separator: ",")
        case .object: value.compactText
        }
    }
}
