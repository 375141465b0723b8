import APICheck
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPRequest {
    /// The request as URLSession sends it. Header fields go in one by one so that a repeated
    /// name is kept, not replaced. Values with a line break are refused, as libcurl's transport
    /// refuses them: naming the header only, since the value may be a secret.
    func urlRequest(_ configuration: URLSessionTransportConfiguration) throws(TransportError) -> URLRequest {
        // URLSession would read a file: URL from disk; only HTTP goes out, as with libcurl.
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw TransportError(
                .other, "unsupported protocol \"\(url.scheme ?? "")\": only http and https are sent",
                url: Redactor.withoutQuery(url))
        }
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: max(0.001, configuration.timeout))
        request.httpMethod = method.rawValue
        request.httpShouldHandleCookies = false
        for field in headers {
            let forbidden =
                field.name.isEmpty
                || field.name.unicodeScalars.contains { $0 == ":" || $0.properties.isWhitespace || $0.value < 0x20 }
                || field.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
            guard !forbidden else {
                throw TransportError(
                    .other, "header \"\(field.name)\" cannot be sent: bad name or line break in value",
                    url: Redactor.withoutQuery(url))
            }
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if header("User-Agent") == nil {
            request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        }
        // A POST, PUT or PATCH without a body still says so, as libcurl's transport does.
        request.httpBody = body ?? ([.post, .put, .patch].contains(method) ? Data() : nil)
        return request
    }
}
