import APICheck
import Contracts
import Foundation
import HTTPServer
@testable import MockServer
import Testing
import TestSupport

/// Mock files written while serve runs are served once the folder is looked at again (on a
/// request that found no mock or no scenario, at most once per reload interval), after the same
/// audit as at start.
@Suite(.timeLimit(.minutes(1))) struct LateMocksTests {
    static func options(interval: Double = 0.05) -> MockServerOptions {
        var options = MockServerOptions(allowInvalid: true)
        options.reloadInterval = interval
        return options
    }

    static let late = [("Prefer", "scenario=late")]

    @Test func aScenarioFileAddedAfterStartIsServedAndOffered() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let harness = try ServeHarness(mocks: mocks.url, options: Self.options())
        defer { harness.stop() }
        let before = try await harness.send(.get, "topics", headers: Self.late)
        #expect(before.status == 400)

        var document = try JSONParser.parse(try Data(contentsOf: ServeHarness.demoMocks.appendingPathComponent("topics.json")))
        document.set(.string("added late"), at: JSONPath([.key("msg")]))
        try mocks.write("topics@late.json", document.compactText)
        var answer = before
        while answer.status != 200 {
            try await Task.sleep(for: .milliseconds(20))
            answer = try await harness.send(.get, "topics", headers: Self.late)
        }
        #expect(try ServeHarness.json(answer)["msg"]?.stringValue == "added late")
        #expect(answer.header("X-Apicheck-Scenario") == "late")
        // Offered like one there at start: a sticky choice through the admin API takes it.
        #expect(try await harness.send(.put, "/__apicheck/scenarios/topics.list", json: #"{"scenario": "late"}"#).status == 200)
        #expect(try ServeHarness.json(try await harness.send(.get, "topics"))["msg"]?.stringValue == "added late")
        #expect(harness.log.all.contains { $0.contains("added since start: topics@late.json") })
        // The plain answer is the start's file still.
        #expect(try await harness.send(.delete, "/__apicheck/scenarios/topics.list").status == 204)
        #expect(try ServeHarness.json(try await harness.send(.get, "topics"))["msg"]?.stringValue != "added late")
    }

    @Test func aSuccessMockAnEndpointHadNoneOfIsServedOnceWritten() async throws {
        let folder = try ServeRefreshWithoutMockTests.folder(refreshMock: nil)
        defer { folder.remove() }
        let server = try MockServer(api: RefreshingAPI.api, mocks: folder.url, options: Self.options())
        let (_, refreshToken) = try ServeRefreshWithoutMockTests.login(server)
        let body = #"{"refresh_token": "\#(refreshToken)"}"#
        var refreshed = server.respond(to: ServeRefreshWithoutMockTests.post("auth/refresh", body))
        #expect(refreshed.status == 500)

        try Data(RefreshingAPI.mocks["refresh.json", default: ""].utf8).write(to: folder.appendingPathComponent("refresh.json"))
        while refreshed.status == 500 {
            try await Task.sleep(for: .milliseconds(20))
            refreshed = server.respond(to: ServeRefreshWithoutMockTests.post("auth/refresh", body))
        }
        #expect(refreshed.status == 200)
        #expect(try JSONParser.parse(refreshed.body)["access_token"]?.stringValue != nil)
    }

    @Test func anAddedFileThatFailsTheAuditIsNotServedAndSaidSoOnce() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let harness = try ServeHarness(mocks: mocks.url, options: Self.options())
        defer { harness.stop() }
        try mocks.write("topics@late.json", #"{"code": 200, "msg": "#)
        let said = { harness.log.all.filter { $0.contains("topics@late.json was added but") } }
        while said().isEmpty {
            try await Task.sleep(for: .milliseconds(20))
            #expect(try await harness.send(.get, "topics", headers: Self.late).status == 400)
        }
        for _ in 0..<3 {
            try await Task.sleep(for: .milliseconds(60))
            #expect(try await harness.send(.get, "topics", headers: Self.late).status == 400)
        }
        #expect(said().count == 1)
        #expect(said().first?.contains("not served") == true)
    }

    /// With no request asking for anything missing, the folder is never listed again: a
    /// request for what serve has costs nothing more.
    @Test func theFolderIsListedOnlyAfterAMiss() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let server = try MockServer(api: Demo.api, mocks: mocks.url, options: Self.options())
        try mocks.write(
            "topics@late.json",
            String(decoding: try Data(contentsOf: ServeHarness.demoMocks.appendingPathComponent("topics.json")), as: UTF8.self))
        try await Task.sleep(for: .milliseconds(80))
        for _ in 0..<3 { #expect(server.respond(to: ServerRequest(method: "GET", path: "/Api/topics")).status == 200) }
        #expect(server.mocks.late.servedCount == 0)
        #expect(server.scenarioNames(of: "topics.list")?.contains("late") == false)
        // The first miss after the interval finds it.
        #expect(server.mocks.late.look())
        #expect(server.scenarioNames(of: "topics.list")?.contains("late") == true)
    }

    /// Thousands of files added at once cost the request that finds them a listing, not an audit
    /// of each: a file is audited when it is first asked for, and the others wait for theirs.
    @Test func filesAddedAtOnceAreAuditedOnlyWhenAskedFor() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let server = try MockServer(api: Demo.api, mocks: mocks.url, options: Self.options(interval: 0))
        let topics = String(decoding: try Data(contentsOf: ServeHarness.demoMocks.appendingPathComponent("topics.json")), as: UTF8.self)
        for index in 0..<200 { try mocks.write("topics@added\(index).json", topics) }
        try mocks.write("topics@broken.json", #"{"code": 200, "msg": "#)
        let asked = ServerRequest(method: "GET", path: "/Api/topics", headers: [("Prefer", "scenario=added7")])
        #expect(server.respond(to: asked).status == 200)
        #expect(server.mocks.late.servedCount == 1)
        // A broken one among them is refused when asked for, not before.
        #expect(
            server.respond(to: ServerRequest(method: "GET", path: "/Api/topics", headers: [("Prefer", "scenario=broken")])).status == 400)
        #expect(server.mocks.late.servedCount == 1)
        // The endpoint's scenario list audits its own files, and only those.
        let names = try #require(server.scenarioNames(of: "topics.list"))
        #expect(names.contains("added199") && !names.contains("broken"))
        #expect(server.mocks.late.servedCount == 200)
    }
}
