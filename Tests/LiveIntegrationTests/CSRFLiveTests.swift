import APICheck
import CurlClient
import Foundation
import HTTPServer
import Testing
import TestSupport

/// `live` against an API whose writes need a CSRF token (`CSRFBackend`, Flask-WTF's way): the
/// token is fetched once, sent on unsafe requests only with the session cookie it is tied to,
/// fetched again once when refused, and prints nowhere.
@Suite(.serialized) struct CSRFLiveTests {
    static func live(_ backend: CSRFBackend, api: API = CSRFAPI.api(), observers: [any LiveRunObserver] = []) async -> Report {
        let options = LiveOptions(baseURL: backend.baseURL, environment: CSRFAPI.credentials, probes: true)
        return await LiveCheck(api: api, transport: CurlTransport(), options: options, observers: observers).run()
    }

    @Test func writesCarryTheTokenAndItsSessionCookieAndReadsDoNot() async throws {
        let backend = try CSRFBackend()
        defer { backend.stop() }
        let report = await Self.live(backend)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.results.first { $0.name == "charts.create" }?.passed == true)
        #expect(report.results.first { $0.name == "charts.update" }?.passed == true)
        // One fetch for every write, besides the endpoint's own check.
        #expect(backend.fetches <= 2, "\(backend.fetches)")
        let requests = backend.server.requests
        for request in requests where request.path == "/api/charts" || request.path == "/api/charts/1" {
            let carries = request.header("x-csrftoken") != nil
            #expect(carries == (request.method != "GET"), "\(request.method) \(request.path)")
            if carries { #expect(request.header("cookie")?.contains("session=") == true) }
        }
        #expect(!requests.contains { $0.path == "/api/security/login" && $0.header("x-csrftoken") != nil })
    }

    /// The same server, with the API declaring no CSRF token: the writes are refused, as every
    /// write of an import without it was.
    @Test func withoutTheDeclarationTheWritesAreRefused() async throws {
        let backend = try CSRFBackend()
        defer { backend.stop() }
        let report = await Self.live(backend, api: CSRFAPI.api(csrf: nil))
        #expect(report.results.first { $0.name == "charts.create" }?.passed == false)
        #expect(backend.server.requests.allSatisfy { $0.header("x-csrftoken") == nil })
    }

    @Test func aRefusedTokenIsFetchedAgainOnceAndTheWriteSentAgain() async throws {
        let backend = try CSRFBackend()
        defer { backend.stop() }
        backend.expireTokensAtNextWrite()
        let trace = TraceLines()
        let report = await Self.live(backend, observers: [trace])
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [], "\(trace.lines.joined(separator: "\n"))")
        #expect(report.results.first { $0.name == "charts.create" }?.passed == true)
        #expect(report.results.first { $0.name == "charts.update" }?.passed == true)
        let refused = backend.server.requests.filter { $0.method != "GET" && $0.path.hasPrefix("/api/charts") }
        #expect((3...4).contains(refused.count), "\(refused.map(\.method))")
    }

    @Test func theTokenPrintsNowhere() async throws {
        let backend = try CSRFBackend()
        defer { backend.stop() }
        let trace = TraceLines()
        let report = await Self.live(backend, observers: [trace])
        let tokens = backend.tokens
        #expect(!tokens.isEmpty)
        let json = JSONReport.render(report, context: RenderContext(tool: "apicheck"))
        let commands = report.results.compactMap(\.reproduceCommand).joined(separator: "\n")
        #expect(commands.contains("X-CSRFToken: ***"), "\(commands)")
        for text in [json, commands, trace.lines.joined(separator: "\n")] {
            for token in tokens { #expect(!text.contains(token)) }
            #expect(!text.contains("session=sess"))
        }
    }
}
