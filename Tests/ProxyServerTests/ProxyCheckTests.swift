import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
import ProxyServer
import RelayExample
import Sandbox
import TestSupport
import Testing

/// Each kind of check on the traffic through the proxy, found once and grouped; a correct server
/// gives no finding at all, whatever the client sends it.
@Suite struct ProxyCheckTests {
    /// `live`'s whole plan, probes included, through the proxy in front of a correct server: live
    /// passes, and the proxy, which saw every one of those exchanges, finds nothing.
    @Test(arguments: ProxyEngine.allCases) func aCorrectServerGivesNoFindingToLivesWholePlan(engine: ProxyEngine) async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL, mocks: LiveHarness.mocks, engine: engine)
        defer { harness.stop() }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let report = await LiveCheck(
            api: Demo.api, transport: transport,
            options: LiveOptions(
                baseURL: URL(string: "Api/", relativeTo: harness.proxy.baseURL)!.absoluteURL, mocksDirectory: LiveHarness.mocks,
                environment: LiveHarness.credentials, probes: true)
        ).run()
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        await harness.settled(harness.proxy.exchangeCount)
        #expect(harness.proxy.exchangeCount > 15)
        #expect(harness.findings.map { "\($0.finding.kind) \($0.finding.message)" } == [])
        let proxied = harness.proxy.report(startedAt: Date())
        #expect(proxied.verdict == .holds)
        // Every endpoint live called is in the coverage, with how its answers classified.
        #expect(Set(proxied.endpointResults.map(\.endpoint)) == Set(report.endpointResults.map(\.endpoint)))
        // The text report gives each endpoint's outcomes, as the JSON one does.
        let text = TextReport.render(proxied, context: RenderContext(tool: "apicheck"))
        let row = try #require(text.split(separator: "\n").first { $0.contains(" topics.list ") }, "\(text)")
        #expect(row.contains("exchange") && row.contains("success "), "\(row)")
    }

    @Test(arguments: ProxyEngine.allCases) func driftIsFoundWithItsPathAndGroupedByCount(engine: ProxyEngine) async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        backend.drifted.withLock { $0 = true }
        let harness = try ProxyHarness(api: Relay.api, upstream: backend.baseURL, mocks: Relay.mocks, engine: engine)
        defer { harness.stop() }
        let client = APIClient(
            api: Relay.api, baseURL: URL(string: "relay/", relativeTo: harness.proxy.baseURL)!.absoluteURL,
            transport: harness.client)
        _ = try await client.send(Relay.login, ["user": "ada", "password": "relay-password"])
        for _ in 0..<3 {
            _ = await client.call(Relay.roomState.erased, ["roomId": "!lobby:relay"])
        }
        await harness.settled(4)
        let drift = harness.findings.filter { $0.finding.endpoint == Relay.roomState.id }
        #expect(
            drift.contains { $0.finding.path == "$.topic" && $0.finding.kind == .driftType && $0.count == 3 },
            "\(drift.map { "\($0.finding.kind) \($0.finding.path ?? "") \($0.count)" })")
        #expect(drift.contains { $0.finding.path == "$.name" })
        // The first exchange is kept, and the login's token is in none of it.
        let kept = try #require(drift.first?.exchange)
        #expect(kept.status == 200)
        #expect(kept.path.hasPrefix("/relay/rooms/"))
        let token = try #require(client.session.token)
        for finding in harness.findings {
            #expect(!"\(finding.json)".contains(token))
        }
    }

    @Test func anInvalidRequestIsFoundAndEnforcedInTheAPIsErrorShape() async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        let plain = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL)
        defer { plain.stop() }
        let passed = try await plain.send("/Api/statuses/home_timeline?access_token=x&count=abc")
        await plain.settled(1)
        #expect(passed.status != 400)
        let finding = try #require(plain.findings.first { $0.finding.kind == .invalidRequest })
        #expect(finding.finding.message.contains("count"))
        #expect(finding.finding.path == "query.count")
        #expect(finding.exchange?.path.contains("access_token=***") == true)
        // Another parameter's fault is a finding of its own, not a second count of the first.
        _ = try await plain.send("/Api/statuses/home_timeline?access_token=x&max_id=later")
        _ = try await plain.send("/Api/statuses/home_timeline?access_token=x&count=many")
        await plain.settled(3)
        let faults = plain.findings.filter { $0.finding.kind == .invalidRequest }
        #expect(faults.map { "\($0.finding.path ?? "-") \($0.count)" } == ["query.count 2", "query.max_id 1"])

        // With --enforce the request never reaches the upstream, and the app reads why.
        let upstream = try TestServer { _ in ServerResponse(status: 200) }
        defer { upstream.stop() }
        let enforcing = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/")) { $0.enforce = true }
        defer { enforcing.stop() }
        let refused = try await enforcing.send("/Api/statuses/home_timeline?access_token=x&count=abc")
        #expect(refused.status == 400)
        #expect(upstream.requests.isEmpty)
        let document = try JSONParser.parse(refused.body)
        #expect(document["detail"]?.stringValue?.contains("count") == true)
    }

    /// A typed body's fault is found at its JSONPath inside the body, as serve names it.
    @Test(arguments: ProxyEngine.allCases) func aTypedBodysFaultIsFoundAtItsJSONPath(engine: ProxyEngine) async throws {
        let upstream = try TestServer { _ in
            ServerResponse(
                status: 403, headers: [("Content-Type", "application/json")], body: Data(#"{"errcode": "M_FORBIDDEN", "error": "no"}"#.utf8)
            )
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine)
        defer { harness.stop() }
        let body = Data(#"{"type": "m.login.password", "identifier": {"type": "m.id.user"}, "password": "hunter2"}"#.utf8)
        _ = try await harness.send(.post, "/relay/login", headers: [("Content-Type", "application/json")], body: body)
        await harness.settled(1)
        let finding = try #require(harness.findings.first { $0.finding.kind == .invalidRequest })
        #expect(finding.finding.path == "$.identifier.user")
        #expect(!finding.finding.message.contains("hunter2"))
    }

    /// An endpoint that declares 200 and 201 (a PUT that replaces or makes) passes either; a
    /// third status is found, naming both.
    @Test(arguments: ProxyEngine.allCases) func everyDeclaredSuccessStatusPasses(engine: ProxyEngine) async throws {
        struct Item: Decodable, Sendable { var id: Int }
        let put = Endpoint<Item>(id: "items.put", .put, "items/{id}", parameters: [.path("id", .int, sample: .literal(1))], mock: "item")
            .alsoSucceeding(with: 201)
        let api = API(name: "t", envelope: .none, endpoints: [put])
        let upstream = try TestServer { request in
            let status = Int(request.path.split(separator: "/").last ?? "") ?? 200
            return ServerResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(#"{"id": 1}"#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/"), engine: engine)
        defer { harness.stop() }
        for status in [200, 201, 202] { _ = try await harness.send(.put, "/items/\(status)") }
        await harness.settled(3)
        let statuses = harness.findings.filter { $0.finding.kind == .httpStatus }
        #expect(statuses.count == 1, "\(harness.findings.map(\.finding.message))")
        #expect(statuses.first?.finding.found == "HTTP 202")
        #expect(statuses.first?.finding.expected == "HTTP 200 or 201")
    }

    /// A server error is found whatever the API declares of its errors (a FastAPI app declares
    /// no shape); a 404 is the app's own business.
    @Test(arguments: ProxyEngine.allCases) func aServerErrorIsFoundWithoutAnErrorShape(engine: ProxyEngine) async throws {
        struct Item: Decodable, Sendable { var id: Int }
        let show = Endpoint<Item>(id: "items.show", .get, "items/{id}", parameters: [.path("id", .int, sample: .literal(1))], mock: "item")
        let api = API(name: "t", envelope: .none, endpoints: [show])
        let upstream = try TestServer { request in
            let status = Int(request.path.split(separator: "/").last ?? "") ?? 200
            return ServerResponse(
                status: status, headers: [("Content-Type", "application/json")], body: Data(#"{"detail": "failed"}"#.utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/"), engine: engine)
        defer { harness.stop() }
        for status in [404, 500] { _ = try await harness.send("/items/\(status)") }
        await harness.settled(2)
        let found = harness.findings.filter { $0.finding.severity == .error }
        #expect(found.map(\.finding.found) == ["HTTP 500"], "\(harness.findings.map(\.finding.message))")
        #expect(found.first?.finding.kind == .httpStatus)
    }

    @Test(arguments: ProxyEngine.allCases) func theOptOutHeaderPassesAnExchangeUnchecked(engine: ProxyEngine) async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL, engine: engine)
        defer { harness.stop() }
        let answer = try await harness.send("/Api/statuses/home_timeline?access_token=x&count=abc", headers: [("X-Apicheck-Skip", "1")])
        #expect(answer.status == 403)
        await harness.settled(1)
        #expect(harness.findings.isEmpty)
        let document = try JSONParser.parse(Data(harness.proxy.findingsJSON.utf8))
        #expect(document["skipped"] == .number("1"))
    }

    @Test(arguments: ProxyEngine.allCases) func undeclaredRoutesAreCoverageUnlessAskedToBeErrors(engine: ProxyEngine) async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        let quiet = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL, engine: engine)
        defer { quiet.stop() }
        _ = try await quiet.send("/favicon.ico")
        _ = try await quiet.send("/Api/no/such/route")
        await quiet.settled(2)
        #expect(quiet.findings.isEmpty)
        let report = quiet.proxy.report(startedAt: Date())
        #expect(report.verdict == .holds)
        #expect(report.runFindings.contains { $0.kind == .coverage && $0.message.contains("GET /Api/no/such/route (1)") })

        let strict = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL, engine: engine) { $0.undeclaredIsError = true }
        defer { strict.stop() }
        _ = try await strict.send("/Api/no/such/route")
        await strict.settled(1)
        #expect(strict.findings.map(\.finding.kind) == [.undeclaredRoute])
        #expect(strict.proxy.report(startedAt: Date()).verdict == .violated)
    }

    /// A cross-origin web app preflights each call it makes with a body: an `OPTIONS` that asks
    /// for a declared method is no undeclared route, even under `--undeclared error`; one that
    /// asks for a method the path does not declare still is.
    @Test(arguments: ProxyEngine.allCases) func aCORSPreflightOfADeclaredCallIsNoUndeclaredRoute(engine: ProxyEngine) async throws {
        let upstream = try TestServer { _ in ServerResponse(status: 204, headers: [("Access-Control-Allow-Origin", "*")]) }
        defer { upstream.stop() }
        let strict = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"), engine: engine) { $0.undeclaredIsError = true }
        defer { strict.stop() }
        func preflight(_ method: String) async throws -> HTTPResponse {
            try await strict.send(
                HTTPMethod(rawValue: "OPTIONS"), "/Api/Account/login",
                headers: [("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", method)])
        }
        #expect(try await preflight("POST").status == 204)
        await strict.settled(1)
        #expect(strict.findings.isEmpty)
        let document = try JSONParser.parse(Data(strict.proxy.findingsJSON.utf8))
        #expect(document["preflights"] == .number("1"))
        let report = strict.proxy.report(startedAt: Date())
        #expect(report.verdict == .holds)
        #expect(report.runFindings.contains { $0.message.hasPrefix("1 CORS preflight (OPTIONS)") })

        _ = try await preflight("DELETE")
        await strict.settled(2)
        #expect(strict.findings.map(\.finding.kind) == [.undeclaredRoute])
    }

    @Test(arguments: ProxyEngine.allCases) func distinctFindingsAreCappedAndCounted(engine: ProxyEngine) async throws {
        // Every answer is broken JSON, so every declared endpoint gives one finding.
        let upstream = try TestServer { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data("{".utf8))
        }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine) { $0.findingLimit = 2 }
        defer { harness.stop() }
        let paths = ["version", "joined_rooms", "account/whoami", "api/v1/labels"]
        for path in paths { _ = try await harness.send("/relay/\(path)") }
        for path in paths { _ = try await harness.send("/relay/\(path)") }
        await harness.settled(8)
        #expect(harness.findings.count == 2)
        #expect(harness.findings.allSatisfy { $0.count == 2 })
        let report = harness.proxy.report(startedAt: Date())
        #expect(report.runFindings.contains { $0.message.hasPrefix("4 findings not kept") })
    }
}

/// `--record-new`: the answers no mock covers become candidate mocks, written as `record` writes
/// them; the answers the mocks cover do not.
@Suite struct ProxyRecordNewTests {
    @Test(arguments: ProxyEngine.allCases) func answersNoMockCoversAreWrittenWithoutTheirSecrets(engine: ProxyEngine) async throws {
        let sandbox = SandboxServer(configuration: SandboxConfiguration())
        try sandbox.start()
        defer { sandbox.stop() }
        let folder = try TemporaryFolder("proxy-record-new")
        defer { folder.remove() }
        let mocks = folder.appendingPathComponent("mocks"), written = folder.appendingPathComponent("new")
        try FileManager.default.copyItem(at: LiveHarness.mocks, to: mocks)
        try FileManager.default.removeItem(at: mocks.appendingPathComponent("login.json"))
        try FileManager.default.removeItem(at: mocks.appendingPathComponent("topics.json"))
        let harness = try ProxyHarness(api: Demo.api, upstream: sandbox.baseURL, mocks: mocks, engine: engine) { $0.recordNew = written }
        defer { harness.stop() }
        let client = APIClient(
            api: Demo.api, baseURL: URL(string: "Api/", relativeTo: harness.proxy.baseURL)!.absoluteURL,
            transport: harness.client)
        _ = try await client.send(
            Demo.login, ["account": .string(SandboxServer.demoAccount), "password": .string(SandboxServer.demoPassword)])
        _ = try await client.send(Demo.topics)
        _ = try await client.send(Demo.homeTimeline)
        await harness.settled(3)
        harness.proxy.stop()
        let results = harness.proxy.writeNewShapes()
        #expect(results.map(\.file).sorted() == ["login.json", "topics.json"], "\(results.map(\.lines))")
        #expect(results.allSatisfy { $0.action == .created })
        let login = try String(contentsOf: written.appendingPathComponent("login.json"), encoding: .utf8)
        let token = try #require(client.session.token)
        #expect(!login.contains(token))
        #expect(login.contains("utoken"))
    }
}
