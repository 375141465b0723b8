import APICheck
import Contracts
import Foundation
import MockServer
import Testing

/// Every demo mock, served over a real socket, is what the mock transport replays: same status,
/// JSON-equal body (a login's token aside, which serve issues fresh).
@Suite(.serialized) struct DemoReplayTests {
    /// Values for every declared parameter, from its sample.
    static func values(for endpoint: AnyEndpoint) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for parameter in endpoint.parameters {
            switch parameter.sample {
            case let .literal(value)?: values[parameter.name] = value
            case let .environment(name, _)?: values[parameter.name] = .string(ServeHarness.credentials[name] ?? "x")
            case let .unique(prefix)?: values[parameter.name] = .string(prefix + "1")
            case let .seen(_, _, fallback?)?: values[parameter.name] = fallback
            default: if parameter.required { values[parameter.name] = .string("x") }
            }
        }
        return values
    }

    static func withoutToken(_ document: JSONValue, _ endpoint: AnyEndpoint) -> JSONValue {
        guard endpoint.sessionEffect == .logsIn, case let .object(members) = document else { return document }
        return .object(
            members.map { member in
                guard member.key == "datas" else { return member }
                if case .string = member.value { return (member.key, .string("TOKEN")) }
                guard case let .object(fields) = member.value else { return member }
                return (member.key, .object(fields.map { $0.key == "utoken" ? ($0.key, .string("TOKEN")) : $0 }))
            })
    }

    @Test func everyMockIsServedAsTheMockTransportReplaysIt() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let mocks = MockDirectory(ServeHarness.demoMocks, api: Demo.api)
        let replay = MockTransport(mocks: mocks)
        var compared = 0
        for endpoint in Demo.api.endpoints {
            for file in mocks.files(of: endpoint) {
                let token = try await harness.login()
                var request = try RequestBuilder(api: Demo.api, baseURL: harness.server.baseURL)
                    .request(for: endpoint, Self.values(for: endpoint), token: token)
                if let scenario = file.scenario { request.headers.append(("Prefer", "scenario=\(scenario)")) }
                let served = try await harness.transport.send(request)
                replay.use(file.scenario, for: endpoint.id)
                let replayed = try await replay.send(request)
                #expect(served.status == replayed.status, "\(file)")
                let servedJSON = Self.withoutToken(try JSONParser.parse(served.body), endpoint)
                let replayedJSON = Self.withoutToken(try JSONParser.parse(replayed.body), endpoint)
                #expect(servedJSON == replayedJSON, "\(file)")
                #expect(served.header("X-Apicheck-Scenario") == (file.scenario?.rawValue ?? "success"), "\(file)")
                compared += 1
            }
        }
        #expect(compared == mocks.files.count)
        #expect(compared > 20)
    }

    @Test func theTypedClientDecodesWhatServeAnswers() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let session = Session()
        let client = harness.client(session: session)
        let user = try await client.send(Demo.login, ["account": "demo", "password": "pw"])
        #expect(session.token == user.utoken)
        #expect(user.utoken.hasPrefix("srv"))
        let timeline = try await client.send(Demo.homeTimeline, ["count": 2])
        let first = try #require(timeline.statuses.first)
        let status = try await client.send(Demo.showStatus, ["id": .int(first.id)])
        #expect(status.id == first.id)
        let token = try await client.send(Demo.token, ["account": "demo", "password": "pw"])
        #expect(token.hasPrefix("srv"))
        #expect(token != user.utoken)
    }
}
