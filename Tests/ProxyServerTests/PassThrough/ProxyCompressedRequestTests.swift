import APICheck
import Contracts
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// An app that compresses what it uploads (`Content-Encoding: gzip`) is judged on the JSON it
/// sent: the body goes upstream as it came, and the checks, the route and the kept exchange read
/// it decoded. A body in a coding the proxy does not read is left unchecked, not called wrong.
@Suite struct ProxyCompressedRequestTests {
    /// Refuses every request in the demo's envelope: a declared failure, an outcome and never a
    /// finding, so that only the request's check can find anything.
    static func refusingUpstream() throws -> TestServer {
        try TestServer { _ in
            ServerResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Data(#"{"code": -1, "msg": "refused", "datas": null}"#.utf8))
        }
    }

    static func headers(_ coding: String) -> [(name: String, value: String)] {
        [("Content-Type", "application/json"), ("Content-Encoding", coding)]
    }

    @Test(arguments: ProxyEngine.allCases) func aGzippedBodyIsCheckedAsTheJSONItCarries(engine: ProxyEngine) async throws {
        let upstream = try Self.refusingUpstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"), engine: engine)
        defer { harness.stop() }

        let good = try Data(#"{"account": "alice", "password": "secret-one"}"#.utf8).gzipped()
        _ = try await harness.send(.post, "/Api/Account/login", headers: Self.headers("gzip"), body: good)
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.message) == [])
        // The upstream gets the bytes the app sent, still compressed and saying so.
        #expect(upstream.requests.first?.body == good)
        #expect(upstream.requests.first?.header("Content-Encoding") == "gzip")

        let wrong = try Data(#"{"account": 42, "password": "secret-one"}"#.utf8).gzipped()
        for _ in 0..<2 {
            _ = try await harness.send(.post, "/Api/Account/login", headers: Self.headers("gzip"), body: wrong)
        }
        await harness.settled(3)
        #expect(harness.findings.count == 1)
        let found = try #require(harness.findings.first)
        #expect(found.finding.kind == .invalidRequest)
        #expect(found.finding.path == "$.account")
        #expect(found.count == 2)
        // The exchange kept is the JSON the app sent, its password masked.
        let kept = try #require(found.exchange?.requestBody)
        #expect(kept.contains(#""account":42"#) || kept.contains(#""account": 42"#), "\(kept)")
        #expect(!kept.contains("secret-one"))
    }

    @Test func aBodyInACodingTheProxyDoesNotReadIsLeftUncheckedNotCalledWrong() async throws {
        let upstream = try Self.refusingUpstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/")) { $0.enforce = true }
        defer { harness.stop() }
        let body = Data("bytes in a coding the proxy does not decode".utf8)
        let answer = try await harness.send(.post, "/Api/Account/login", headers: Self.headers("compress"), body: body)
        await harness.settled(1)
        // Not refused under --enforce: nothing is known to be wrong with it.
        #expect(answer.status == 200)
        #expect(upstream.requests.first?.body == body)
        #expect(harness.findings.map { "\($0.finding.kind) \($0.finding.severity)" } == ["unchecked info"])
        #expect(harness.findings.first?.finding.message.contains("Content-Encoding compress") == true)
    }

    @Test func aGzipBodyThatDoesNotInflateIsTheAppsError() async throws {
        let upstream = try Self.refusingUpstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"))
        defer { harness.stop() }
        _ = try await harness.send(.post, "/Api/Account/login", headers: Self.headers("gzip"), body: Data("not gzip".utf8))
        await harness.settled(1)
        let found = try #require(harness.findings.first)
        #expect(harness.findings.count == 1)
        #expect(found.finding.kind == .invalidRequest)
        #expect(found.finding.severity == .error)
        #expect(found.finding.message.contains("does not decode"))

        // --enforce answers it in the API's error shape instead of passing it on.
        let enforcing = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/")) { $0.enforce = true }
        defer { enforcing.stop() }
        let before = upstream.requests.count
        let refused = try await enforcing.send(
            .post, "/Api/Account/login", headers: Self.headers("gzip"), body: Data("not gzip".utf8))
        #expect(refused.status == 400)
        #expect(upstream.requests.count == before)
    }

    struct Page: Codable, Sendable {
        var page: String
    }

    /// Two endpoints on one route, told apart by a body field: the gzipped body's field routes it.
    static let searchAPI = API(
        name: "search", environments: ["prod": URL(string: "https://api.example/v1/")!], envelope: EnvelopePolicy(),
        endpoints: ["tag", "text"].map { kind in
            Endpoint<Page>(
                id: "search.\(kind)", .post, "search", mock: kind, enveloped: false, distinguishedBy: .bodyField("kind", value: kind))
        })

    @Test(arguments: ProxyEngine.allCases) func aGzippedBodyIsRoutedByTheFieldsItCarries(engine: ProxyEngine) async throws {
        let upstream = try TestServer { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"page": "1"}"#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.searchAPI, upstream: upstream.url("/v1/"), engine: engine) { $0.undeclaredIsError = true }
        defer { harness.stop() }
        let body = try Data(#"{"kind": "text", "q": "swift"}"#.utf8).gzipped()
        _ = try await harness.send(.post, "/v1/search", headers: Self.headers("gzip"), body: body)
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.message) == [])
        let report = harness.proxy.report(startedAt: Date())
        #expect(report.endpointResults.map(\.endpoint) == ["search.text"])
    }
}
