import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import Foundation
import TestSupport
import Testing

/// One store, two services with the same endpoints (the demo API, and a copy of it named
/// `billing`): `history --api` reads one API's runs, and without it each API answers on its own.
@Suite struct HistoryPerAPICommandTests {
    /// The command line of a tool declaring `api`, as `LiveHarness.cli` runs the demo's.
    static func cli(_ arguments: [String], api: API) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        var environment = LiveHarness.credentials
        environment["APICHECK_MOCKS"] = LiveHarness.mocks.path
        let code = await APICheckTool(api: api, sandbox: DemoSandboxLauncher()).run(
            arguments, console: console, environment: environment, workingDirectory: FileManager.default.temporaryDirectory)
        return (code, captured.out, captured.err)
    }

    static func rows(_ text: String) throws -> (document: [String: Any], rows: [[String: Any]]) {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        return (document, try #require(document["rows"] as? [[String: Any]]))
    }

    @Test func eachQueryReadsOneAPIsRunsAndWithoutAPIAnswersPerAPI() async throws {
        let folder = try TemporaryFolder("history-api-command")
        defer { folder.remove() }
        let store = "sqlite:" + folder.appendingPathComponent("h.sqlite").path
        var billing = Demo.api
        billing.name = "billing"
        let only = ["--only", "topics.list,config.main"]
        for _ in 0..<2 {
            let live = await LiveHarness.cli(["live", "--history", store] + only)
            #expect(live.code == 0, "\(live.err)")
        }
        // The other service's first run: its page has no earlier run, whatever the demo's were.
        let page = folder.appendingPathComponent("billing.html")
        let live = await Self.cli(["live", "--history", store, "--report", "html:\(page.path)"] + only, api: billing)
        #expect(live.code == 0, "\(live.err)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("aria-label=\"no earlier run stored; this run ok\""), "\(html)")
        #expect(!html.contains("earlier runs passed"), "\(html)")

        let all = try Self.rows(await LiveHarness.cli(["history", "runs", "--history", store, "--json"]).out)
        #expect(all.document["api"] is NSNull)
        #expect(all.rows.compactMap { $0["api"] as? String }.sorted() == ["billing", "demo", "demo"])
        let one = try Self.rows(await LiveHarness.cli(["history", "runs", "--history", store, "--json", "--api", "billing"]).out)
        #expect(one.document["api"] as? String == "billing")
        #expect(one.rows.count == 1)

        for (api, runs) in [("billing", 1), ("demo", 2)] {
            let rates = try Self.rows(await LiveHarness.cli(["history", "pass-rate", "--history", store, "--json", "--api", api]).out)
            let topics = try #require(rates.rows.first { $0["name"] as? String == "topics.list" })
            #expect(topics["checked"] as? Int == runs, "\(api): \(rates.rows)")
            #expect(rates.rows.allSatisfy { $0["api"] as? String == api })
            let latency = try Self.rows(await LiveHarness.cli(["history", "latency", "--history", store, "--json", "--api", api]).out)
            #expect(latency.rows.first { $0["name"] as? String == "topics.list" }?["samples"] as? Int == runs, "\(latency.rows)")
            let ages = try Self.rows(await LiveHarness.cli(["history", "mock-age", "--history", store, "--json", "--api", api]).out)
            #expect(!ages.rows.isEmpty && ages.rows.allSatisfy { $0["api"] as? String == api }, "\(ages.rows)")
        }
        // Without --api: each API's rows, each under its own name, never merged by endpoint name.
        let rates = try Self.rows(await LiveHarness.cli(["history", "pass-rate", "--history", store, "--json"]).out)
        let topics = rates.rows.filter { $0["name"] as? String == "topics.list" }
        #expect(topics.map { "\($0["api"] ?? "-") \($0["checked"] ?? "-")" }.sorted() == ["billing 1", "demo 2"], "\(rates.rows)")
        for query in ["runs", "flaky", "pass-rate", "first-seen", "latency", "mock-age"] {
            let text = await LiveHarness.cli(["history", query, "--history", store])
            #expect(text.code == 0, "\(query): \(text.err)")
            #expect(text.out.contains("API billing\n") && text.out.contains("API demo\n"), "\(query): \(text.out)")
            let alone = await LiveHarness.cli(["history", query, "--history", store, "--api", "demo"])
            #expect(alone.code == 0, "\(query): \(alone.err)")
            #expect(!alone.out.contains("API billing"), "\(query): \(alone.out)")
            let json = try Self.rows(await LiveHarness.cli(["history", query, "--history", store, "--json", "--api", "demo"]).out)
            #expect(json.rows.allSatisfy { $0["api"] as? String == "demo" }, "\(query)")
        }
        let pass = await LiveHarness.cli(["history", "pass-rate", "--history", store, "--api", "billing"])
        #expect(pass.out.contains("topics.list"), "\(pass.out)")
        #expect(pass.out.contains(" 1 "), "\(pass.out)")

        let unknown = await LiveHarness.cli(["history", "flaky", "--history", store, "--api", "biling"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("no run of API 'biling'") && unknown.err.contains("'billing', 'demo'"), "\(unknown.err)")
        #expect(unknown.err.contains("did you mean 'billing'?"), "\(unknown.err)")
    }
}
