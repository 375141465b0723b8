import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A Django REST framework list links its next page in the body, built from the `Host` the
/// server was sent, the upstream's. The proxy changes no body, so an app following that link
/// leaves it after the first page: a `coverage` note says so, once per endpoint and link,
/// whether the paging is declared or not. A link elsewhere, or none, is no note. Information, not
/// a warning: the server is right, and `--fail-on warning` must not fail it.
@Suite struct ProxyBodyNextLinkTests {
    struct Item: Codable, Sendable { var name: String }
    struct Page: Codable, Sendable {
        var count: Int
        var next: String?
        var results: [Item]
    }

    static let api = API(
        name: "repos", environments: ["prod": URL(string: "https://api.example/v1/")!], envelope: .none,
        endpoints: [
            Endpoint<Page>(id: "repos.list", .get, "repos", mock: "repos"),
            Endpoint<Page>(
                id: "tasks.list", .get, "tasks", mock: "tasks",
                paging: .url(ids: "$.results[*].name", from: .body("$.next"), maxPages: 4)),
            Endpoint<Page>(id: "remotes.list", .get, "remotes", mock: "remotes"),
        ])

    static func upstream() throws -> TestServer {
        try TestServer { request in
            let origin = "http://" + (request.header("Host") ?? "")
            let next =
                switch request.path {
                case "/v1/remotes": #""https://elsewhere.example/v1/remotes?offset=1""#
                default: (request.queryValue("offset") == nil ? #""\#(origin)\#(request.path)?limit=1&offset=1""# : "null")
                }
            return ServerResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Data(#"{"count": 2, "next": \#(next), "results": [{"name": "a"}]}"#.utf8))
        }
    }

    @Test(.timeLimit(.minutes(1))) func aNextLinkOnTheUpstreamIsWarnedOfOnce() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/"))
        defer { harness.stop() }
        let upstreamOrigin = "http://127.0.0.1:\(upstream.url("/").port!)"
        let first = try await harness.send("/v1/repos")
        // The body goes on as it came.
        #expect(String(decoding: first.body, as: UTF8.self).contains(#""next": "\#(upstreamOrigin)/v1/repos?limit=1&offset=1""#))
        _ = try await harness.send("/v1/repos")
        _ = try await harness.send("/v1/repos?offset=1")
        _ = try await harness.send("/v1/tasks")
        _ = try await harness.send("/v1/remotes")
        await harness.settled(5)
        let warnings = harness.findings.filter { $0.finding.kind == .coverage }
        #expect(
            warnings.map { "\($0.finding.endpoint ?? "") \($0.finding.path ?? "") \($0.count)" } == [
                "repos.list $.next 2", "tasks.list $.next 1",
            ])
        #expect(warnings.allSatisfy { $0.finding.severity == .info && $0.finding.message.contains("apicheck live") })
    }
}
