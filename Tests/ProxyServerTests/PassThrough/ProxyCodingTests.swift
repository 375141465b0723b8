import APICheck
import Contracts
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A browser asks for `gzip, deflate, br, zstd`, and a server behind a CDN answers in any of
/// them: each answer passes on as it came and its check reads it decoded, so that what is wrong
/// in it is found at its JSONPath rather than left unchecked. A request body in `br` or `zstd` is
/// read the same way.
@Suite struct ProxyCodingTests {
    /// A login answer whose `uid` is a string where `User` reads an Int.
    static let wrongLogin = Data(
        #"{"code": 200, "msg": "success", "datas": {"uid": "one", "userName": "a", "mail": null, "utoken": "t0ken-abcdef", "expires_in": 3600}}"#
            .utf8)

    @Test(arguments: ["gzip", "br", "zstd"], ProxyEngine.allCases)
    func anAnswerInEachCodingIsCheckedDecoded(coding: String, engine: ProxyEngine) async throws {
        let body = try Self.wrongLogin.compressed(as: coding)
        let upstream = try TestServer { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)], body: body)
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"), engine: engine)
        defer { harness.stop() }
        let answer = try await harness.send(
            .post, "/Api/Account/login", headers: [("Content-Type", "application/json"), ("Accept-Encoding", coding)],
            body: Data(#"{"account": "a", "password": "secret-one"}"#.utf8))
        await harness.settled(1)
        // The client gets the compressed bytes as they came.
        #expect(answer.body == body)
        #expect(answer.header("Content-Encoding") == coding)
        #expect(harness.findings.map { "\($0.finding.kind.rawValue) \($0.finding.path ?? "-")" } == ["decode $.datas.uid"])
    }

    @Test(arguments: ["br", "zstd"])
    func aRequestBodyInEachCodingIsCheckedDecoded(coding: String) async throws {
        let upstream = try TestServer { _ in
            ServerResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Data(#"{"code": -1, "msg": "refused", "datas": null}"#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"))
        defer { harness.stop() }
        let body = try Data(#"{"account": 42, "password": "secret-one"}"#.utf8).compressed(as: coding)
        _ = try await harness.send(
            .post, "/Api/Account/login", headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)], body: body)
        await harness.settled(1)
        #expect(harness.findings.map { "\($0.finding.kind.rawValue) \($0.finding.path ?? "-")" } == ["invalid-request $.account"])
    }
}
