import APICheck
import CurlClient
import Foundation
import HTTPServer
import ProxyServer
import TestSupport

/// A proxy on 127.0.0.1:0 in front of `upstream`, and a raw client: a libcurl transport in
/// pass-through mode, so a test sees bytes exactly as they cross the wire (no decompression,
/// no redirect followed).
struct ProxyHarness {
    let proxy: ProxyServer
    let client: CurlTransport

    init(
        api: API, upstream: URL, mocks: URL? = nil, engine: ProxyEngine = .standard, configure: (inout ProxyOptions) -> Void = { _ in }
    ) throws {
        var options = ProxyOptions(upstream: upstream, port: 0)
        options.engine = engine
        configure(&options)
        proxy = ProxyServer(api: api, mocks: mocks.map { MockDirectory($0, api: api) }, options: options)
        try proxy.start()
        client = Self.rawClient()
    }

    static func rawClient() -> CurlTransport {
        var configuration = CurlConfiguration(concurrency: 16, maxBodyBytes: 64 << 20)
        configuration.passThrough = true
        return CurlTransport(configuration: configuration)
    }

    func stop() {
        proxy.stop()
        client.shutdown()
    }

    /// `pathAndQuery` on the proxy, as given.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(proxy.baseURL.port!)\(pathAndQuery)")!
    }

    func send(_ pathAndQuery: String, headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await send(.get, pathAndQuery, headers: headers)
    }

    func send(
        _ method: HTTPMethod, _ pathAndQuery: String, headers: [(name: String, value: String)] = [],
        body: Data? = nil
    ) async throws -> HTTPResponse {
        try await client.send(HTTPRequest(method: method, url: url(pathAndQuery), headers: headers, body: body))
    }

    /// Waits until every exchange sent so far has been checked: checks run after the answer is
    /// passed on, so a test reads findings only once the count has caught up.
    func settled(_ exchanges: Int) async {
        // A cancelled wait (the test's time limit) ends here rather than spinning on.
        while proxy.checkedCount < exchanges, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
    }

    var findings: [GroupedFinding] { proxy.findings }
}
