import APICheck
import APICheckCLI
import Contracts
import Foundation
import MockServer
import Synchronization
import Testing

/// The admin API, mocks edited while serving, and the audit that guards the start.
@Suite(.serialized) struct AdminAndReloadTests {
    @Test func healthAndEndpointsDescribeTheServer() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let health = try JSONParser.parse(try await harness.send(.get, "/__apicheck/health").body)
        #expect(health["status"]?.stringValue == "ok")
        #expect(health["basePath"]?.stringValue == "/Api/")
        let endpoints = try JSONParser.parse(try await harness.send(.get, "/__apicheck/endpoints").body)
        guard case let .array(items) = endpoints else { Issue.record("not an array"); return }
        #expect(items.count == Demo.api.endpoints.count)
        let show = items.first { $0["id"]?.stringValue == "statuses.show" }
        #expect(show?["path"]?.stringValue == "/Api/statuses/{id}")
        #expect(show?["scenarios"] == .array(["success", "expired", "logout", "not_found"].map(JSONValue.string)))
        #expect(try await harness.send(.get, "/__apicheck/nothing").status == 404)
        #expect(try await harness.send(.post, "/__apicheck/health", json: "{}").status == 405)
    }

    @Test func theJournalMasksSecretsAndListsProblems() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        _ = try await harness.send(.get, "statuses/home_timeline?count=x&access_token=\(token)", headers: [("X-Apicheck-Session", "s1")])
        _ = try await harness.send(.post, "Account/login", json: #"{"account": "demo", "password": 99}"#)
        let all = try await harness.send(.get, "/__apicheck/requests")
        let text = String(decoding: all.body, as: UTF8.self)
        #expect(!text.contains(token))
        #expect(text.contains("access_token=***"))
        #expect(text.contains(#"count (query): expects Int, got String \"x\""#))
        #expect(text.contains("password (body): expects String, got Int ***"))
        let mine = try JSONParser.parse(try await harness.send(.get, "/__apicheck/requests", headers: [("X-Apicheck-Session", "s1")]).body)
        guard case let .array(entries)? = mine["requests"] else { Issue.record("no requests"); return }
        #expect(entries.map { $0["endpoint"]?.stringValue } == ["statuses.homeTimeline"])
        #expect(entries.first?["status"] == .number("400"))
        // The log line masks the token too.
        #expect(harness.log.all.allSatisfy { !$0.contains(token) })
    }

    @Test func anEditedMockIsServedAndABrokenEditKeepsTheLastGoodBody() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.reloadInterval = 0
        let harness = try ServeHarness(mocks: mocks.url, options: options)
        defer { harness.stop() }
        let edited = #"[{"id": 9, "name": "edited", "tabs": []}]"#
        let before = try await harness.send(.get, "config/main.json")
        #expect(try JSONParser.parse(before.body) != JSONParser.parse(edited))
        let original = try JSONParser.parse(before.body)
        guard case var .array(tabs) = original, !tabs.isEmpty else { Issue.record("config is not an array"); return }
        tabs.removeLast()
        let smaller = JSONValue.array(tabs).compactText
        try mocks.write("config_main.json", smaller)
        #expect(try JSONParser.parse(try await harness.send(.get, "config/main.json").body) == JSONValue.array(tabs))
        try mocks.write("config_main.json", "[{\"broken\": ")
        let kept = try await harness.send(.get, "config/main.json")
        #expect(kept.status == 200)
        #expect(try JSONParser.parse(kept.body) == JSONValue.array(tabs))
        #expect(harness.log.all.contains { $0.contains("config_main.json changed on disk but is not JSON") })
        // A success mock that no longer decodes is refused the same way.
        try mocks.write("config_main.json", #"{"not": "an array"}"#)
        #expect(try JSONParser.parse(try await harness.send(.get, "config/main.json").body) == JSONValue.array(tabs))
        #expect(harness.log.all.contains { $0.contains("config_main.json changed on disk but does not decode") })
    }

    @Test func invalidMocksRefuseTheStartUnlessAllowed() throws {
        let mocks = try TemporaryMocks(files: CatalogAPI.mocks)
        defer { mocks.remove() }
        try mocks.write("product.json", #"{"id": "one", "name": "lamp"}"#)
        do {
            _ = try MockServer(api: CatalogAPI.api, mocks: mocks.url)
            Issue.record("started on a broken mock")
        } catch {
            #expect(error.message.hasPrefix("1 problem in the mocks at"))
            #expect(error.findings.map { $0.file?.hasSuffix("product.json") } == [true])
        }
        let allowed = try MockServer(api: CatalogAPI.api, mocks: mocks.url, options: MockServerOptions(allowInvalid: true))
        #expect(allowed.warnings.contains { $0.severity == .error })
    }

    @Test func servingDespiteNamesTheEndpointAndTheFile() async throws {
        let mocks = try TemporaryMocks(files: CatalogAPI.mocks)
        defer { mocks.remove() }
        try mocks.write("product.json", #"{"id": "one", "name": "lamp"}"#)
        let printed = Mutex<String>("")
        let console = Console(out: { _ in }, err: { text in printed.withLock { $0 += text } })
        let serve = Task {
            await APICheckTool(api: CatalogAPI.api).run(
                ["serve", "--port", "0", "--mocks", mocks.url.path, "--allow-invalid"], console: console, environment: [:])
        }
        for _ in 0..<500 where !printed.withLock({ $0.contains("Ctrl-C stops it") }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        serve.cancel()
        #expect(await serve.value == 0)
        let line = try #require(printed.withLock { $0 }.split(separator: "\n").first { $0.contains("serving despite: ") })
        #expect(line.contains("products.show"), "\(line)")
        #expect(line.contains(mocks.url.appendingPathComponent("product.json").path), "\(line)")
    }

    @Test func theCommandRefusesBadOptionsAndBrokenMocks() async throws {
        func run(_ arguments: [String]) async -> (code: Int32, err: String) {
            let (console, captured) = Console.capturing()
            let code = await APICheckTool(api: Demo.api).run(arguments, console: console, environment: [:])
            return (code, captured.err)
        }
        let badScenario = await run(["serve", "--port", "0", "--mocks", ServeHarness.demoMocks.path, "--scenario", "statuses.show=gone"])
        #expect(badScenario.code == 2)
        #expect(badScenario.err.contains("statuses.show has no scenario 'gone'; known: success, expired, logout, not_found"))
        let badDelay = await run(["serve", "--delay", "9-3"])
        #expect(badDelay.code == 2)
        #expect(badDelay.err.contains("--delay expects milliseconds (200) or a range (100-500)"))
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        try mocks.write("topics.json", "{")
        let broken = await run(["serve", "--port", "0", "--mocks", mocks.url.path])
        #expect(broken.code == 2)
        #expect(broken.err.contains("topics.json"))
        #expect(broken.err.contains("--allow-invalid serves them anyway"))
    }

    @Test func startUpLinesNameHostileFoldersEscaped() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mocks\u{1B}[31m\u{202E}-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ServeHarness.demoMocks, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{".utf8).write(to: folder.appendingPathComponent("topics.json"))
        let (console, captured) = Console.capturing()

        let code = await APICheckTool(api: Demo.api).run(
            ["serve", "--port", "0", "--mocks", folder.path], console: console, environment: [:])

        #expect(code == 2)
        #expect(captured.err.contains("mocks\\u{1B}[31m\\u{202E}-"))
        #expect(!captured.err.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    }
}
