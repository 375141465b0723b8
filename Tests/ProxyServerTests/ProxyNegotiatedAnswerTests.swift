import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// A client that asks for another type than JSON, where the server offers both (Airflow's DAG
/// source as `text/plain`), gets what it asked for: no `not-json` error. A client that takes
/// JSON and gets text still gets one.
@Suite struct ProxyNegotiatedAnswerTests {
    struct Source: Decodable, Sendable { var content: String }
    static let source = Endpoint<Source>(id: "source", .get, "source", mock: "source")
    static let api = API(name: "t", envelope: .none, endpoints: [source])

    @Test func anAnswerInTheTypeAskedForIsNotJudgedAsJSON() async throws {
        let upstream = try TestServer { request in
            if request.header("accept") == "application/json" {
                return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"content": "x"}"#.utf8))
            }
            return ServerResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data("# a DAG\n".utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"))
        defer { harness.stop() }
        _ = try await harness.send("/source", headers: [("Accept", "text/plain")])
        _ = try await harness.send("/source", headers: [("Accept", "application/json")])
        await harness.settled(2)
        #expect(!harness.findings.contains { $0.finding.severity == .error }, "\(harness.findings.map(\.finding.message))")
        #expect(harness.findings.contains { $0.finding.kind == .unchecked && $0.finding.message.contains("text/plain (Accept)") })

        _ = try await harness.send("/source", headers: [("Accept", "*/*")])
        await harness.settled(3)
        #expect(harness.findings.contains { $0.finding.severity == .error }, "\(harness.findings.map(\.finding.message))")
    }

    /// An endpoint that asks for JSON by name (the import's `Accept` header, for an answer the
    /// document offers as text too): a client that does not name JSON (`*/*`, no `Accept`) may
    /// get the text, as the server chose.
    @Test func aNegotiatedEndpointsTextToAWildcardIsUnchecked() async throws {
        let negotiated = Endpoint<Source>(
            id: "source", .get, "source", parameters: [.header("Accept", sample: .literal("application/json"))], mock: "source")
        let upstream = try TestServer { request in
            if request.header("accept") == "application/json" {
                return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"content": "x"}"#.utf8))
            }
            return ServerResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data("# a DAG\n".utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: API(name: "t", envelope: .none, endpoints: [negotiated]), upstream: upstream.url("/"))
        defer { harness.stop() }
        _ = try await harness.send("/source", headers: [("Accept", "*/*")])
        _ = try await harness.send("/source")
        _ = try await harness.send("/source", headers: [("Accept", "application/json")])
        await harness.settled(3)
        #expect(!harness.findings.contains { $0.finding.severity == .error }, "\(harness.findings.map(\.finding.message))")
        #expect(harness.findings.contains { $0.finding.kind == .unchecked && $0.finding.message.contains("*/* (Accept)") })
    }

    @Test func whatAcceptTakesJSON() {
        for value in ["", "*/*", "application/json", "text/plain, application/*;q=0.5", "application/problem+json", " , "] {
            #expect(ExchangeCheck.admitsJSON(value), "\(value)")
        }
        for value in ["text/plain", "text/html, text/plain;q=0.9", "image/*"] { #expect(!ExchangeCheck.admitsJSON(value), "\(value)") }
    }

    /// Alertmanager declares no error shape: its 404s and 422s were counted as `http-status`,
    /// a finding kind's name, though they are outcomes. They are named by their status.
    @Test func anErrorStatusWithoutAnErrorShapeIsAnOutcomeNamedByItsStatus() async throws {
        let upstream = try TestServer { _ in
            ServerResponse(status: 404, headers: [("Content-Type", "application/json")], body: Data(#""silence not found""#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"))
        defer { harness.stop() }
        _ = try await harness.send("/source")
        await harness.settled(1)
        let report = harness.proxy.report(startedAt: Date())
        #expect(report.results.first?.classification?.name == "1 exchange: HTTP 404 1", "\(report.results)")
        #expect(!harness.findings.contains { $0.finding.severity == .error }, "\(harness.findings.map(\.finding.message))")
    }

    /// JupyterHub's `DELETE /users/{name}` answers 204 as declared: a success, counted as one.
    /// A 204 where the endpoint declares another success is one too, and an undeclared status.
    @Test func aBodyless204IsASuccess() async throws {
        let remove = Endpoint<NoContent>(id: "remove", .delete, "users/u3", mock: "remove", successStatus: 204)
        let clear = Endpoint<NoContent>(id: "clear", .post, "clear", mock: "clear")
        let upstream = try TestServer { _ in ServerResponse(status: 204, headers: [], body: Data()) }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: API(name: "t", envelope: .none, endpoints: [remove, clear]), upstream: upstream.url("/"))
        defer { harness.stop() }
        _ = try await harness.send(.delete, "/users/u3")
        _ = try await harness.send(.post, "/clear")
        await harness.settled(2)
        let outcomes = harness.proxy.report(startedAt: Date()).results.map { "\($0.endpoint): \($0.classification?.name ?? "")" }
        #expect(outcomes.contains("remove: 1 exchange: success 1") && outcomes.contains("clear: 1 exchange: success 1"), "\(outcomes)")
        let kinds = harness.findings.map { "\($0.finding.endpoint ?? "") \($0.finding.kind)" }
        #expect(kinds.count == 1 && kinds[0].hasPrefix("clear "), "only the undeclared 204 is a finding: \(kinds)")
    }
}
