import APICheck
import Foundation
import Sandbox
import TestSupport
import Testing

/// `apicheck record` writes each declared error check's answer as its scenario's mock, proven by
/// the audit as other mocks are; a check answered otherwise than declared is not recorded.
@Suite struct ErrorCheckRecordTests {
    @Test func recordWritesEachErrorCheckScenarioMock() async throws {
        let folder = RecordTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, _) = try await RecordTests.record(into: folder, only: ["topics.list", "statuses.show"])
        #expect(recording.notRecorded.map(\.message) == [])
        let written = Set(recording.files.map(\.file))
        #expect(written.isSuperset(of: ["topics@bad_page.json", "status_show@not_found.json"]))
        let body = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("topics@bad_page.json")))
        #expect(body["code"] == .number("-1"))
        #expect(body["msg"] == .string("invalid parameter: page"))
    }

    @Test func aCheckAnsweredOtherwiseIsNotRecorded() async throws {
        let folder = RecordTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, _) = try await RecordTests.record(
            into: folder, faults: [.envelopeCode(route: "topics", code: -2, msg: "later")],
            only: ["topics.list"])
        #expect(
            recording.notRecorded.map(\.message).filter { $0.hasPrefix("topics@") }
                == ["topics@bad_page.json not recorded: the error check's answer is HTTP 200, failure(-2), expected HTTP 200, code -1"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("topics@bad_page.json").path))
        // The success mock not recorded is named after its cause, not as a missing mock.
        let success = try #require(recording.notRecorded.first { $0.message.hasPrefix("topics.json") })
        #expect(success.kind == .serverCode, "\(success.message)")
    }
}
