import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
import Sandbox
import Synchronization
import TestSupport
import Testing

/// Targets that misbehave as a whole: one that stops answering after the login, one whose login
/// redirects elsewhere.
@Suite struct LiveTargetTests {
    @Test func aTargetThatStopsAnsweringAfterTheLoginIsUnreachableAndTheRestIsSkipped() async throws {
        let routes = Demo.api.endpoints.map(\.path).filter { $0 != Demo.login.path }
        let report = try await LiveHarness.run(routes.map { .delay(route: $0, milliseconds: 2000) }, timeout: 0.4)
        #expect(report.verdict == .unreachable)
        #expect(report.runFindings.map(\.kind) == [.unreachable])
        #expect(report.runFindings.first?.message.contains("stopped answering") == true)
        #expect(report.results.first { $0.name == "account.login" }?.passed == true)
        // What waited for the first answers after the login was never sent.
        for name in [
            "statuses.show", "users.show", "probe token-expired statuses.show", "probe token-expired users.show",
            "auth.token", "account.logout",
        ] {
            #expect(report.results.first { $0.name == name }?.skipped == "the target stopped answering", "\(name)")
        }
    }

    @Test func oneSlowEndpointAloneInFlightDoesNotStopTheRun() async throws {
        let report = try await LiveHarness.run(
            [.delay(route: "statuses/home_timeline", milliseconds: 1500)],
            only: ["statuses.homeTimeline", "statuses.show"], timeout: 0.4)
        // The check and its three probes (dead token, no token, logged out) all time out: one
        // slow endpoint, not a dead target; a probe that hangs is a finding of its own kind.
        #expect(
            report.findingLines.sorted() == [
                "error probe-timeout statuses.homeTimeline -", "error probe-timeout statuses.homeTimeline -",
                "error probe-timeout statuses.homeTimeline -", "error timeout statuses.homeTimeline -",
            ])
        #expect(report.runFindings.isEmpty)
        // statuses.show waited for the timeline, then went on with its fallback sample.
        #expect(report.results.first { $0.name == "statuses.show" }?.passed == true)
        #expect(report.verdict == .violated)
    }

    @Test func aLoginRedirectedToAnotherOriginIsAFindingAndNothingGoesThere() async throws {
        let elsewhere = Mutex<[String]>([])
        let other = HTTPServer { request in
            elsewhere.withLock { $0.append(request.path) }
            return .json(Data(#"{"code": 200, "msg": "ok", "datas": {}}"#.utf8))
        }
        try other.start()
        defer { other.stop() }
        let otherPort = other.port
        let target = HTTPServer { request in
            ServerResponse(status: 307, headers: [(name: "Location", value: "http://127.0.0.1:\(otherPort)\(request.path)")])
        }
        try target.start()
        defer { target.stop() }
        let transport = CurlTransport()
        defer { transport.shutdown() }

        let report = await LiveCheck(
            api: Demo.api, transport: transport,
            options: LiveOptions(
                baseURL: URL(string: "http://127.0.0.1:\(target.port)/Api/")!, only: ["account.login", "statuses.homeTimeline"],
                environment: LiveHarness.credentials)
        ).run()

        #expect(elsewhere.withLock { $0 }.isEmpty)
        let login = try #require(report.results.first { $0.name == "account.login" })
        #expect(login.findings.map(\.kind) == [.redirect])
        #expect(login.findings.first?.severity == .error)
        #expect(login.findings.first?.found == "http://127.0.0.1:\(otherPort)")
        #expect(report.runFindings.map(\.kind) == [.login])
        #expect(report.results.first { $0.name == "statuses.homeTimeline" }?.skipped == "no token: the login failed")
        #expect(report.verdict == .violated)
        // Never followed, so never repeated by the reproduce command either.
        #expect(login.request?.followsRedirects == false)
        #expect(login.reproduceCommand?.hasPrefix("curl -X POST ") == true)
    }

    /// A redirect of the target's own origin is followed to the answer judged, and the result's
    /// reproduce command follows it too.
    @Test func aRedirectOfTheTargetsOriginIsFollowedByTheReproduceCommand() async throws {
        let config = try Data(contentsOf: LiveHarness.mocks.appendingPathComponent("config_main.json"))
        let target = HTTPServer { request in
            request.path.hasSuffix("/moved.json")
                ? .json(config) : ServerResponse(status: 302, headers: [(name: "Location", value: "/Api/config/moved.json")])
        }
        try target.start()
        defer { target.stop() }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let report = await LiveCheck(
            api: Demo.api, transport: transport,
            options: LiveOptions(baseURL: URL(string: "http://127.0.0.1:\(target.port)/Api/")!, only: ["config.main"])
        ).run()
        let result = try #require(report.results.first { $0.name == "config.main" })
        #expect(result.findings.map(\.kind) == [.redirect], "\(result.findings)")
        #expect(result.request?.followsRedirects == true)
        #expect(result.reproduceCommand?.hasPrefix("curl -L 'http://127.0.0.1:\(target.port)/Api/config/main.json' -H ") == true)
    }
}
