@testable import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing
import TestSupport

/// A WebSocket route, declared with its handshake's 101 for its success (the LiteLLM proxy's
/// `/v1/realtime`): `live` does not send it (a chosen skip: a request that opens no WebSocket is
/// answered otherwise by a correct server), and `serve` refuses it with a 501 instead of a 101
/// with no WebSocket after it, which leaves a client waiting for another answer.
@Suite struct WebSocketRouteTests {
    static let realtime = Endpoint<NoContent>(id: "realtime", .get, "v1/realtime", mock: "realtime", successStatus: 101)
    static let models = Endpoint<JSONValue>(id: "models", .get, "v1/models", mock: "models")
    static let api = API(name: "gateway", envelope: .none, endpoints: [realtime, models])

    @Test func liveSkipsTheHandshakeByChoice() {
        let plan = LivePlan(api: Self.api, selected: [Self.realtime.erased, Self.models.erased], probes: false)
        #expect(plan.writeNeeded["realtime"] == .switchesProtocols(Self.realtime.erased))
        #expect(plan.writeNeeded["realtime"]?.isChosen == true)
        #expect(plan.writeNeeded["models"] == nil)
    }

    @Test func serveRefusesItInsteadOfAnsweringAnEmptyHandshake() throws {
        let folder = try TemporaryFolder("serve-websocket-route")
        defer { folder.remove() }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("models.json"))
        let server = try MockServer(api: Self.api, mocks: folder.url, options: MockServerOptions(allowInvalid: true))
        let answer = server.respond(
            to: ServerRequest(method: "GET", path: "/v1/realtime", headers: [("Connection", "Upgrade"), ("Upgrade", "websocket")]))
        #expect(answer.status == 501, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("realtime answers a WebSocket handshake"))
        #expect(server.respond(to: ServerRequest(method: "GET", path: "/v1/models")).status == 200)
    }
}
