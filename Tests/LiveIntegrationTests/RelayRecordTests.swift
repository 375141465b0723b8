import APICheck
import CurlClient
import Foundation
import RelayExample
import TestSupport
import Testing

/// `record` for the second example API: the written mocks pass the audit, and a member who
/// joined a room is no shape change in the listing (map keys are data), on both tiers.
@Suite(.serialized) struct RelayRecordTests {
    /// The example's mocks copied to a scratch folder, to record over.
    static func scratchMocks() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-relay-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Relay.mocks, to: folder)
        return folder
    }

    /// The mocks' answers, with a third member in the room: the in-process tier of the backend.
    struct MocksWithAThirdMember: Transport {
        let mocks = MockTransport(directory: Relay.mocks, api: Relay.api)
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            var response = try await mocks.send(request)
            if request.endpointID == Relay.members.id {
                response.body = Data(
                    #"{"joined": {"@ada:relay": {"display_name": "Ada", "avatar_url": null}, "@linus:relay": {"display_name": "Linus", "avatar_url": null}}}"#
                        .utf8)
            }
            return response
        }
    }

    @Test(arguments: [false, true]) func recordedMocksPassTheAuditAndMapKeysAreNoChange(overSocket: Bool) async throws {
        let folder = try Self.scratchMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = try RelayBackend()
        defer { backend.stop() }
        let transport: any Transport = overSocket ? CurlTransport() : MocksWithAThirdMember()
        let baseURL = overSocket ? backend.baseURL : URL(string: "http://mock.invalid/relay/")!
        let recorder = MockRecorder(
            api: Relay.api, transport: transport,
            options: LiveOptions(
                baseURL: baseURL, mocksDirectory: folder, environment: Relay.credentials, probes: overSocket), directory: folder)
        let recording = await recorder.run()
        #expect(recording.verdict == .holds)
        #expect(recording.violations.map(\.message) == [])
        let members = try #require(recording.files.first { $0.file == "members.json" })
        #expect(members.action == .updated)
        #expect(members.changes.map(\.description) == [])
        // The 204 of a `NoContent` endpoint is recorded as its empty mock, not left out.
        #expect(recording.notRecorded.map(\.message) == [])
        let marker = try #require(recording.files.first { $0.file == "read_markers.json" })
        #expect(marker.action == .unchanged)
        #expect(try Data(contentsOf: folder.appendingPathComponent("read_markers.json")).isEmpty)
        #expect(MockAudit(api: Relay.api, directory: folder).run().allFindings.map(\.message) == [])
    }
}
