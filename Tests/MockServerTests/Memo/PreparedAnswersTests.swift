import APICheck
import Contracts
import Foundation
import HTTPServer
import MockServer
import Testing

/// A mock's answer is built once and reused while its file is unchanged (`PreparedAnswers`).
@Suite struct PreparedAnswersTests {
    private static let topics = ServerRequest(method: "GET", path: "/Api/topics")

    @Test func theSameMockAnswerIsBuiltOnceAndSharedByRequests() throws {
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks)
        let first = server.respond(to: Self.topics)
        let second = server.respond(to: Self.topics)
        let prepared = try #require(first.prepared)
        #expect(second.prepared === prepared)
        #expect(prepared.status == first.status)
        // Another endpoint's answer is its own.
        let config = server.respond(to: ServerRequest(method: "GET", path: "/Api/config/main.json"))
        #expect(config.status == 200)
        #expect(config.prepared != nil)
        #expect(config.prepared !== prepared)
    }

    @Test func answersThatDependOnTheRequestAreBuiltEachTime() throws {
        // CORS echoes the request's origin; a login carries a fresh token.
        let cors = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: MockServerOptions(cors: true))
        let answer = cors.respond(to: ServerRequest(method: "GET", path: "/Api/topics", headers: [("Origin", "http://app.test")]))
        #expect(answer.status == 200)
        #expect(answer.prepared == nil)

        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks)
        let login = server.respond(
            to: ServerRequest(
                method: "POST", path: "/Api/Account/login",
                headers: [("Content-Type", "application/json")],
                body: Data(#"{"account": "demo", "password": "pw"}"#.utf8)))
        #expect(login.status == 200)
        #expect(login.prepared == nil)
        let slow = server.respond(to: ServerRequest(method: "GET", path: "/Api/topics", headers: [("Prefer", "fault=truncate")]))
        #expect(slow.truncateAfter != nil)
        #expect(slow.prepared == nil)
    }

    @Test func anEditedMockGetsANewAnswer() throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.reloadInterval = 0
        let server = try MockServer(api: Demo.api, mocks: mocks.url, options: options)
        let config = ServerRequest(method: "GET", path: "/Api/config/main.json")
        let before = server.respond(to: config)
        let old = try #require(before.prepared)
        guard case var .array(tabs) = try JSONParser.parse(before.body), !tabs.isEmpty else {
            Issue.record("config is not an array")
            return
        }
        tabs.removeLast()
        try mocks.write("config_main.json", JSONValue.array(tabs).compactText)
        let after = server.respond(to: config)
        #expect(try JSONParser.parse(after.body) == JSONValue.array(tabs))
        let new = try #require(after.prepared)
        #expect(new !== old)
    }
}
