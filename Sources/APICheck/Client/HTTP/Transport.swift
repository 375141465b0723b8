/// Sends one request and returns the whole response. The libcurl transport and the mock transport
/// are peers behind this one method; the client does not know which one it talks to.
///
/// A transport throws `TransportError` when no HTTP answer came (refused, timeout, DNS, TLS, body
/// over the cap). Any HTTP status, 500 included, is a response, not an error.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
