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

    /// pygeoapi's own pages: a browser's `Accept` weighs HTML above JSON (`*/*;q=0.8`), and an
    /// endpoint that declares no `Accept` of its own answers it a page: no `not-json` error. A
    /// client that asks for JSON and gets the page still gets one.
    @Test func aPageAnsweredToABrowserIsUnchecked() async throws {
        let upstream = try TestServer { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data("<!doctype html>".utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/"))
        defer { harness.stop() }
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
        _ = try await harness.send("/source?f=html", headers: [("Accept", browser)])
        await harness.settled(1)
        #expect(!harness.findings.contains { $0.finding.severity == .error }, "\(harness.findings.map(\.finding.message))")
        #expect(harness.findings.contains { $0.finding.kind == .unchecked })

        _ = try await harness.send("/source", headers: [("Accept", "application/json, text/html;q=0.9")])
        await harness.settled(2)
        #expect(harness.findings.contains { $0.finding.kind == .notJSON && $0.finding.severity == .error })
    }

    /// The page's script fetches the same path as JSON-LD (`?f=jsonld`): another document than
    /// the declared GeoJSON, in a type the endpoint does not declare, passed on unchecked. Plain
    /// JSON where GeoJSON is declared is judged, and said as info; a wrong body in it is found.
    @Test func anotherJSONTypeThanTheDeclaredOneIsUnchecked() async throws {
        let features = Endpoint<Source>(
            id: "features", .get, "items",
            parameters: [.query("f", .string), .header("Accept", sample: .literal("application/geo+json"))], mock: "features")
        let upstream = try TestServer { request in
            switch request.query.first(where: { $0.name == "f" })?.value {
            case "jsonld":
                return ServerResponse(
                    status: 200, headers: [("Content-Type", "application/ld+json")],
                    body: Data(#"{"@context": "https://schema.org/"}"#.utf8))
            case "wrong":
                return ServerResponse(status: 200, headers: [("Content-Type", "application/geo+json")], body: Data(#"{"other": 1}"#.utf8))
            default:
                return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"content": "x"}"#.utf8))
            }
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: API(name: "t", envelope: .none, endpoints: [features]), upstream: upstream.url("/"))
        defer { harness.stop() }
        _ = try await harness.send("/items?f=jsonld", headers: [("Accept", "*/*")])
        _ = try await harness.send("/items?f=json", headers: [("Accept", "application/geo+json")])
        await harness.settled(2)
        let found = harness.findings.map(\.finding)
        #expect(!found.contains { $0.severity != .info }, "\(found.map(\.message))")
        #expect(found.contains { $0.kind == .unchecked && $0.message.contains("application/ld+json") }, "\(found.map(\.message))")
        let media = try #require(found.first { $0.kind == .contentType }, "\(found.map(\.message))")
        #expect(media.expected == "application/geo+json" && media.found == "application/json")

        _ = try await harness.send("/items?f=wrong", headers: [("Accept", "application/geo+json")])
        await harness.settled(3)
        #expect(harness.findings.contains { $0.finding.kind == .decode && $0.finding.severity == .error })
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
