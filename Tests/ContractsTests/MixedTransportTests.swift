import APICheck
import Contracts
import Foundation
import Sandbox
import Testing
import URLSessionClient

/// One transport, two destinations: the endpoints marked as mocked answer from `mocks/`, the
/// rest from the sandbox over URLSession.
@Suite struct MixedTransportTests {
    let mocks = MockTransport(directory: MockTransport.locateMocks()!, api: Demo.api)

    @Test func mockedEndpointsReadTheirMockAndTheRestGoToTheServer() async throws {
        let sandbox = SandboxServer()
        try sandbox.start()
        defer { sandbox.stop() }
        let transport = try MixedTransport(
            network: URLSessionTransport(), mock: mocks,
            environment: ["APICHECK_MOCKED": "topics.*,statuses.show@not_found"])
        let client = APIClient(api: Demo.api, baseURL: sandbox.baseURL, transport: transport)

        // Real: the sandbox issues the token, and the timeline needs it.
        _ = try await client.send(
            Demo.login,
            [
                "account": .string(SandboxServer.demoAccount),
                "password": .string(SandboxServer.demoPassword),
            ])
        let timeline = try await client.send(Demo.homeTimeline, ["count": 3])
        // Mocked: topics.json as it is, and the declared scenario of statuses.show.
        let topics = try await client.send(Demo.topics)
        await #expect(throws: APIError.self) { _ = try await client.send(Demo.showStatus, ["id": 1]) }

        #expect(timeline.statuses.count == 3)
        #expect(topics.first?.id == "9C6F214F-A783-4911-868F-6B7263F3ABE9")
        #expect(mocks.requests.compactMap(\.endpointID) == ["topics.list", "statuses.show"])
        #expect(transport.isMocked(HTTPRequest(method: .get, url: sandbox.baseURL, endpointID: "topics.like")))
        #expect(!transport.isMocked(HTTPRequest(method: .get, url: sandbox.baseURL, endpointID: "account.login")))
        #expect(!transport.isMocked(HTTPRequest(method: .get, url: sandbox.baseURL)))
    }

    @Test func anEntryThatMatchesNoEndpointIsRefused() {
        #expect(throws: MockSelectionError(entry: "topic.*", reason: "matches no endpoint declared in the demo API")) {
            try MixedTransport(network: mocks, mock: mocks, mocked: MockSelection(parsing: "topic.*"))
        }
    }

    @Test func aScenarioWithoutItsFileIsRefusedNamingTheFile() throws {
        do {
            _ = try MixedTransport(network: mocks, mock: mocks, mocked: MockSelection(parsing: "topics.list@empty"))
            Issue.record("expected a MockSelectionError")
        } catch {
            #expect(error.entry == "topics.list@empty")
            #expect(error.reason.hasPrefix("topics.list has no mock "))
            #expect(error.reason.hasSuffix("topics@empty.json"))
        }
    }

    @Test func nothingIsMockedWhenTheVariableIsUnset() async throws {
        let network = MockTransport(directory: MockTransport.locateMocks()!, api: Demo.api)
        let transport = try MixedTransport(network: network, mock: mocks, environment: [:])

        _ = try await APIClient(api: Demo.api, transport: transport).send(Demo.topics)

        #expect(network.requests.count == 1)
        #expect(mocks.requests.isEmpty)
    }
}
