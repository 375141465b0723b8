import APICheck
import Foundation
import MockServer
import Testing

/// The admin API answers only its own origin on loopback, and writes only in JSON: a web page
/// elsewhere cannot set a fault, reset the server or read the journal.
@Suite struct AdminGuardTests {
    @Test func aWriteThatIsNotJSONIsRefused() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let plain = try await harness.send(
            .post, "/__apicheck/scenarios/topics.list",
            headers: [("Content-Type", "text/plain")], body: #"{"fault": "reset"}"#)
        #expect(plain.status == 415)
        #expect(try await harness.send(.post, "/__apicheck/reset", headers: [("Content-Type", "text/plain")]).status == 415)
        #expect(try await harness.send(.get, "topics").status == 200)
        #expect(try await harness.send(.put, "/__apicheck/scenarios/topics.list", json: #"{"fault": "garbage"}"#).status == 200)
    }

    @Test func aForeignOriginIsRefusedAndTheServersOwnIsNot() async throws {
        let harness = try ServeHarness(options: MockServerOptions(cors: true))
        defer { harness.stop() }
        let foreign = try await harness.send(.get, "/__apicheck/requests", headers: [("Origin", "https://evil.example")])
        #expect(foreign.status == 403)
        #expect(foreign.header("Access-Control-Allow-Origin") == nil)
        let null = try await harness.send(
            .put, "/__apicheck/scenarios/topics.list", headers: [("Origin", "null")],
            json: #"{"fault": "reset"}"#)
        #expect(null.status == 403)
        let own = try await harness.send(.get, "/__apicheck/health", headers: [("Origin", "http://127.0.0.1:\(harness.server.port)")])
        #expect(own.status == 200)
        // Mock routes still answer every origin with --cors.
        let route = try await harness.send(.get, "topics", headers: [("Origin", "https://app.example")])
        #expect(route.header("Access-Control-Allow-Origin") == "https://app.example")
    }

    @Test func aReboundHostNameIsRefusedOnLoopback() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let port = harness.server.port
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Host", "attacker.example:\(port)")]).status == 403)
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Host", "127.0.0.1:\(port + 1)")]).status == 403)
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Host", "localhost:\(port)")]).status == 200)
    }

    @Test func anAdminTokenIsRequiredWhenSet() async throws {
        var options = MockServerOptions()
        options.adminToken = "s3cret-admin"
        let harness = try ServeHarness(options: options)
        defer { harness.stop() }
        let without = try await harness.send(.get, "/__apicheck/health")
        #expect(without.status == 401)
        #expect(!String(decoding: without.body, as: UTF8.self).contains("s3cret-admin"))
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Authorization", "Bearer wrong-token!")]).status == 401)
        // A prefix of the token, the empty one included, or the token with more after it is no token.
        for given in ["s3cret", "s", "", "s3cret-admin2"] {
            #expect(
                try await harness.send(.get, "/__apicheck/health", headers: [("X-Apicheck-Admin-Token", given)]).status == 401, "\(given)")
        }
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Authorization", "Bearer ")]).status == 401)
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Authorization", "Bearer s3cret-admin")]).status == 200)
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("X-Apicheck-Admin-Token", "s3cret-admin")]).status == 200)
        #expect(try await harness.send(.get, "topics").status == 200)
    }

    /// Any address of 127.0.0.0/8 is loopback: the Host check holds there too, so a DNS-rebinding
    /// page cannot reach the admin API of a server on 127.0.0.2.
    @Test func everyLoopbackAddressGetsTheHostCheck() async throws {
        var options = MockServerOptions()
        options.host = "127.0.0.2"
        #expect(options.bindsLoopback)
        let harness = try ServeHarness(options: options)
        defer { harness.stop() }
        let port = harness.server.port
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Host", "attacker.example:\(port)")]).status == 403)
        #expect(try await harness.send(.get, "/__apicheck/health", headers: [("Host", "127.0.0.2:\(port)")]).status == 200)
        #expect(try await harness.send(.get, "/__apicheck/health").status == 200)
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.0.0.2", true), ("127.255.255.254", true), ("localhost", true), ("LOCALHOST", true),
        ("::1", true), ("[::1]", true), ("0.0.0.0", false), ("128.0.0.1", false), ("127.0.0", false),
        ("127.0.0.1.example", false), ("127.1", false), ("10.0.0.1", false), ("::", false), ("1270.0.0.1", false),
    ])
    func whatCountsAsLoopback(address: String, loopback: Bool) {
        var options = MockServerOptions()
        options.host = address
        #expect(options.bindsLoopback == loopback)
    }
}
