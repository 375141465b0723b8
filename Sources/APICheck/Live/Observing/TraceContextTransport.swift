/// Sends every request with the `traceparent` of the step that sends it (`TraceContext.current`):
/// the login, checks, probes, refreshes and the logout alike, whatever path built the request.
struct TraceContextTransport: Transport {
    let base: any Transport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let traceparent = TraceContext.current else { return try await base.send(request) }
        var request = request
        request.headers.removeAll { HeaderName.same($0.name, "traceparent") }
        request.headers.append((name: "traceparent", value: traceparent))
        return try await base.send(request)
    }
}
