import Foundation

extension RequestBuilder {
    /// The request sent to another URL of the same endpoint (the next page a `Link` header names):
    /// the URL as the server gave it, the headers and body as built, and the token added to the
    /// query when the API sends it there (servers leave it out of the links they hand out).
    func retargeted(_ request: HTTPRequest, to url: URL, endpoint: AnyEndpoint, token: String?) -> HTTPRequest {
        var request = request
        request.url = url
        guard let token, endpoint.requiresToken, case let .query(name) = api.auth.placement,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return request }
        var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != name }
        items.append(URLQueryItem(name: Self.escape(name), value: Self.escape(token)))
        components.percentEncodedQueryItems = items
        request.url = components.url ?? url
        return request
    }
}
