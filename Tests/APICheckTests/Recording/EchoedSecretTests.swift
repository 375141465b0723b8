import APICheck
import Foundation
import TestSupport
import Testing

/// A server that echoes the token and the password in a form the placeholders do not replace
/// (percent-encoded in lower case or twice, form-encoded, HTML references, base64 of a JSON value,
/// upper case, hex): `record` and `import-har` refuse the file, `--force` or not, and say where
/// the secret sits without showing it.
@Suite struct EchoedSecretTests {
    static let forms = MockSecretForms.forms(of: MockSecretForms.token).map(\.name)

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-echoed-\(UUID().uuidString)")
    }

    static func record(_ server: EchoingProfileServer, into folder: URL, force: Bool) async -> MockRecording {
        let options = LiveOptions(
            baseURL: URL(string: "http://profiles.example/")!, environment: EchoingProfileServer.environment,
            probes: false)
        return await MockRecorder(
            api: EchoingProfileServer.api, transport: server, options: options, directory: folder,
            force: force
        ).run()
    }

    /// No file in `folder` holds either secret in any of the forms, nor raw.
    static func expectNoSecretWritten(in folder: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for secret in [MockSecretForms.token, MockSecretForms.password] {
                for form in [("raw", secret)] + MockSecretForms.forms(of: secret) {
                    #expect(!text.contains(form.1), "\(name) holds the secret \(form.0)")
                }
            }
        }
    }

    static func expectRefused(_ files: [MockWriteResult], in folder: URL, form: String) throws {
        let me = try #require(files.first { $0.file == "me.json" })
        #expect(me.action == .refused, "\(form): \(me.action)")
        #expect(!me.forced)
        let finding = try #require(me.findings.first { $0.kind == .secretInMock }, "\(form)")
        #expect(finding.path == "$.datas.bio" || finding.path == "$.datas.note", "\(form): \(finding.path ?? "-")")
        #expect(finding.message.contains("not even with --force"))
        for secret in [MockSecretForms.token, MockSecretForms.password] {
            #expect(SecretEncodings.leak(of: secret, in: me.lines.joined(separator: "\n")) == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("me.json").path))
        try expectNoSecretWritten(in: folder)
    }

    /// A form the server echoes the token in, named for the test's arguments.
    struct Form: Sendable, CustomTestStringConvertible {
        let index: Int
        let testDescription: String
    }

    static let echoed = forms.enumerated().map { Form(index: $0.offset, testDescription: $0.element) }

    @Test(arguments: echoed)
    func recordRefusesAnEchoedSecretEvenForced(form: Form) async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = await Self.record(EchoingProfileServer(form: form.index), into: folder, force: true)
        try Self.expectRefused(recording.files, in: folder, form: form.testDescription)
        #expect(recording.verdict == .violated)
        // The login's answer holds the token raw: replaced, and written.
        #expect(recording.files.first { $0.file == "login.json" }?.action == .created)
    }

    @Test(arguments: echoed)
    func importHARRefusesAnEchoedSecretEvenForced(form: Form) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try HARArchive(data: EchoingProfileServer(form: form.index).har)
        let result = HARImport(api: EchoingProfileServer.api, directory: folder, force: true).run(archive)
        try Self.expectRefused(result.files, in: folder, form: form.testDescription)
        #expect(result.verdict == .violated)
        #expect(result.files.first { $0.file == "login.json" }?.action == .created)
    }

    /// The forms the placeholders know are replaced, and the file written: the proof refuses only
    /// what is left.
    @Test func rawAndBase64EchoesAreReplacedAndWritten() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = EchoingProfileServer(
            bio: "token " + MockSecretForms.token,
            note: Data(MockSecretForms.password.utf8).base64EncodedString())
        let recording = await Self.record(server, into: folder, force: false)
        #expect(recording.files.map(\.action) == [.created, .created], "\(recording.files.flatMap(\.lines))")
        #expect(recording.verdict == .holds)
        try Self.expectNoSecretWritten(in: folder)
    }
}
