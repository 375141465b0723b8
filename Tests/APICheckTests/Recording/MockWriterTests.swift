import APICheck
import Foundation
import TestSupport
import Testing

/// The writer's last proof: whatever the placeholders missed, no secret of the run reaches a file.
@Suite struct MockWriterTests {
    struct Device: Decodable, Sendable { var name: String }
    struct Sessions: Decodable, Sendable { var sessions: [String: Device] }

    static let sessions = Endpoint<Sessions>(id: "sessions.list", .get, "sessions", mock: "sessions", enveloped: false)
    static let api = API(name: "t", envelope: EnvelopePolicy(), endpoints: [sessions.erased])
    static let token = "2.00SecretTokenAbCdEf42"

    func write(_ document: String) throws -> (result: MockWriteResult, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("apicheck-mock-writer")
        let placeholders = SecretPlaceholders(api: Self.api)
        placeholders.register(Self.token, as: .token)
        let candidate = MockCandidate(endpoint: Self.sessions.erased, status: 200, document: try JSONParser.parse(document))
        let results = MockWriter(api: Self.api, directory: folder.url).write([candidate], placeholders: placeholders)
        return (try #require(results.first), folder)
    }

    /// Placeholders replace values, never keys: a server that keys a map by the token slips the
    /// token past them, and only the proof on the rendered bytes stands between it and the file.
    @Test func aSecretThePlaceholdersMissedIsNotWritten() throws {
        let (result, folder) = try write(#"{"sessions": {"\#(Self.token)": {"name": "phone"}}}"#)
        defer { folder.remove() }

        #expect(result.action == .refused)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.message.hasPrefix("a secret of the run is still in the answer"), "\(finding.message)")
        #expect(!finding.message.contains(Self.token))
        #expect(finding.severity == .error)
        #expect(!FileManager.default.fileExists(atPath: result.path))
    }

    @Test func theSameSecretInAValueIsReplacedAndTheFileWritten() throws {
        let (result, folder) = try write(#"{"sessions": {"phone": {"name": "signed in with \#(Self.token)"}}}"#)
        defer { folder.remove() }

        #expect(result.action == .created, "\(result.findings)")
        let written = try String(contentsOfFile: result.path, encoding: .utf8)
        #expect(!written.contains(Self.token))
        #expect(written.contains("signed in with "))
    }
}
