import Foundation

/// Turns a declaration and the caller's values into a request, checking every value against its
/// declared type first, so that a bad call fails before anything is sent.
public struct RequestBuilder: Sendable {
    public let api: API
    public let baseURL: URL

    public init(api: API, baseURL: URL) {
        self.api = api
        self.baseURL = baseURL
    }

    public func request(for endpoint: AnyEndpoint, _ values: [String: ParameterValue], token: String?) throws(APIError) -> HTTPRequest {
        func invalid(_ parameter: String, _ problem: String) -> APIError {
            APIError(endpoint: endpoint.id, reason: .invalidRequest(parameter: parameter, problem: problem))
        }
        for name in values.keys.sorted() where !endpoint.parameters.contains(where: { $0.name == name }) {
            throw invalid(name, "is not declared by \(endpoint.id)")
        }
        var path = endpoint.path
        var query: [(String, String)] = []
        var body: [(key: String, value: JSONValue)] = []
        var headers = api.defaultHeaders
        for parameter in endpoint.parameters {
            guard let given = values[parameter.name] else {
                if parameter.required {
                    throw invalid(parameter.name, "is required (\(parameter.type.rawValue), in \(parameter.location.rawValue)) but missing")
                }
                continue
            }
            guard let value = parameter.type.accept(given) else {
                let shown = parameter.secret ? Redactor.mask : "\"\(given.text)\""
                throw invalid(parameter.name, "expects \(parameter.type.rawValue), got \(given.kindName) \(shown)")
            }
            switch parameter.location {
            case .path:
                path = path.replacingOccurrences(of: "{\(parameter.name)}", with: Self.escape(value.text, allowed: .pathSegment))
            case .query:
                query.append((parameter.name, value.text))
            case .body:
                body.append((parameter.name, value.json))
            case .header:
                headers.append((parameter.name, value.text))
            }
        }
        if let token, endpoint.requiresToken {
            switch api.auth.placement {
            case let .query(name): query.append((name, token))
            case let .header(name, prefix): headers.append((name, prefix + token))
            }
        }
        var text = baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += path.hasPrefix("/") ? String(path.dropFirst()) : path
        if !query.isEmpty {
            text += "?" + query.map { Self.escape($0.0, allowed: .queryPart) + "=" + Self.escape($0.1, allowed: .queryPart) }
                .joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw invalid("(url)", "makes an invalid URL") }
        var bodyData: Data?
        if endpoint.parameters.contains(where: { $0.location == .body }) {
            bodyData = Data(JSONValue.object(body).compactText.utf8)
            headers.append(("Content-Type", "application/json"))
        }
        return HTTPRequest(method: endpoint.method, url: url, headers: headers, body: bodyData, endpointID: endpoint.id)
    }

    static func escape(_ text: String, allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension CharacterSet {
    /// Unreserved characters only: a value never adds a path segment.
    static let pathSegment = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    static let queryPart = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
