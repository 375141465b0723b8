import APICheck
import Contracts
import CurlClient
import Foundation
import Sandbox
import Synchronization
import TestSupport
import Testing

/// `apicheck record` against the in-process sandbox, into a temporary folder: the written mocks
/// pass the audit and replay through the client; secrets never reach a file; a second run writes
/// nothing; a contract-violating answer is refused unless forced.
@Suite struct RecordTests {
    /// Forwards to libcurl and keeps every request and answer: the test's view of the secrets.
    final class Tap: Transport {
        let inner: any Transport
        let seen = Mutex<[(HTTPRequest, HTTPResponse)]>([])
        init(_ inner: any Transport) { self.inner = inner }
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await inner.send(request)
            seen.withLock { $0.append((request, response)) }
            return response
        }

        /// Every token the run saw: issued by logins, sent in URLs.
        var tokens: Set<String> {
            seen.withLock { exchanges in
                var tokens: Set<String> = []
                for (request, response) in exchanges {
                    if let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems,
                        let token = query.first(where: { $0.name == "access_token" })?.value
                    {
                        tokens.insert(token)
                    }
                    if let document = try? JSONParser.parse(response.body), let token = document["datas"]?["utoken"]?.stringValue {
                        tokens.insert(token)
                    }
                    if request.endpointID == "auth.token", let document = try? JSONParser.parse(response.body),
                        let token = document["datas"]?.stringValue
                    {
                        tokens.insert(token)
                    }
                }
                return tokens
            }
        }
    }

    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-record-\(UUID().uuidString)")
        return url
    }

    /// Records a fresh sandbox (with `faults`) into `folder`.
    static func record(
        into folder: URL, faults: [SandboxFault] = [], only: Set<String>? = nil, dryRun: Bool = false, force: Bool = false,
        redact: [JSONPath] = []
    ) async throws -> (MockRecording, Tap) {
        let server = SandboxServer(configuration: SandboxConfiguration(faults: faults))
        try server.start()
        defer { server.stop() }
        let curl = CurlTransport(configuration: CurlConfiguration(connectTimeout: 10, timeout: 10))
        defer { curl.shutdown() }
        let tap = Tap(curl)
        let options = LiveOptions(baseURL: server.baseURL, only: only, environment: LiveHarness.credentials)
        let recorder = MockRecorder(
            api: Demo.api, transport: tap, options: options, directory: folder, redactPaths: redact,
            dryRun: dryRun, force: force)
        return (await recorder.run(), tap)
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func recordedMocksPassTheAuditAndReplay() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, _) = try await Self.record(into: folder)
        #expect(recording.verdict == .holds)
        #expect(recording.notRecorded.map(\.message) == [])
        // Every success mock, logout + expired for the six endpoints that need the token, and the
        // three error checks' scenarios.
        #expect(recording.files.count == 26)
        #expect(recording.files.allSatisfy { $0.action == .created })
        #expect(Self.files(in: folder).contains("home_timeline@expired.json"))
        #expect(Self.files(in: folder).contains("logout@logout.json"))

        // The audit finds only the declared failure scenario no error check provokes.
        let audit = MockAudit(api: Demo.api, directory: folder).run()
        #expect(audit.findingLines == ["error missing-mock account.login -"])

        // Replay through the client: the recorded token is a placeholder shaped like a token.
        let transport = MockTransport(directory: folder, api: Demo.api)
        let session = Session()
        let client = APIClient(api: Demo.api, transport: transport, session: session)
        let user = try await client.send(Demo.login, ["account": "demo", "password": "x"])
        #expect(user.userName == "demo")
        let token = try #require(session.token)
        #expect(token.count == 19 && token.dropFirst().first == ".")
        let timeline = try await client.send(Demo.homeTimeline)
        #expect(!timeline.statuses.isEmpty)
        transport.use(ScenarioName.expired, for: Demo.homeTimeline.id)
        let expired = await #expect(throws: APIError.self) { _ = try await client.send(Demo.homeTimeline) }
        #expect(expired?.reason.kind == .tokenExpired)
        transport.use(ScenarioName.logout, for: Demo.showUser.id)
        let logout = await #expect(throws: APIError.self) { _ = try await client.send(Demo.showUser, ["uid": 1]) }
        #expect(logout?.reason.kind == .forcedLogout)
    }

    @Test func noTokenOrPasswordInAnyWrittenByte() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, tap) = try await Self.record(into: folder)
        #expect(recording.verdict == .holds)
        let tokens = tap.tokens
        #expect(tokens.count >= 3)
        let secrets = tokens.union([SandboxServer.demoPassword, "check-password-1"])
        var forms: Set<String> = []
        for secret in secrets {
            forms.insert(secret)
            forms.insert(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret)
            forms.insert(Data(secret.utf8).base64EncodedString())
            forms.insert(Data(secret.utf8).base64EncodedString().trimmingCharacters(in: ["="]))
        }
        for name in Self.files(in: folder) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for form in forms { #expect(!text.contains(form), "\(name) holds a secret") }
        }
        // The redacted login answer still carries a token, of the same length as the real one.
        let login = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("login.json")))
        let placeholder = try #require(login["datas"]?["utoken"]?.stringValue)
        #expect(tokens.contains { $0.count == placeholder.count })
    }

    @Test func recordingAgainWritesNothing() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await Self.record(into: folder)
        let before = try Self.files(in: folder).map {
            try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date
        }
        let (second, _) = try await Self.record(into: folder)
        #expect(
            second.files.map(\.action).allSatisfy { $0 == .unchanged }, "\(second.files.filter { $0.action != .unchanged }.map(\.file))")
        let after = try Self.files(in: folder).map {
            try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date
        }
        #expect(before == after)
    }

    @Test func dryRunWritesNothing() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, _) = try await Self.record(into: folder, dryRun: true)
        #expect(recording.files.count == 26)
        #expect(recording.files.allSatisfy { $0.action == .created })
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aContractViolatingAnswerIsRefusedUnlessForced() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await Self.record(into: folder, only: ["statuses.homeTimeline"])
        let file = folder.appendingPathComponent("home_timeline.json")
        let good = try Data(contentsOf: file)
        let fault = SandboxFault.renameField(route: "statuses/home_timeline", from: "screen_name", to: "screenName")
        let (refused, _) = try await Self.record(into: folder, faults: [fault], only: ["statuses.homeTimeline"])
        let result = try #require(refused.files.first { $0.file == "home_timeline.json" })
        #expect(result.action == .refused)
        #expect(result.findings.map(\.path).contains("$.datas.statuses[0].user.screen_name"))
        #expect(refused.verdict == .violated)
        #expect(try Data(contentsOf: file) == good)

        let (forced, _) = try await Self.record(into: folder, faults: [fault], only: ["statuses.homeTimeline"], force: true)
        let written = try #require(forced.files.first { $0.file == "home_timeline.json" })
        #expect(written.action == .updated && written.forced)
        #expect(written.changes.map(\.description).contains { $0.hasPrefix("added $.datas.statuses[*].user.screenName") })
        #expect(written.changes.map(\.description).contains { $0.hasPrefix("removed $.datas.statuses[*].user.screen_name") })
        #expect(forced.verdict == .holds)
        #expect(try Data(contentsOf: file) != good)
    }

    @Test func redactPathsKeepTheType() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, _) = try await Self.record(
            into: folder, only: ["account.login"],
            redact: [JSONPath(parsing: "$.datas.mail")!, JSONPath(parsing: "$.datas.uid")!])
        #expect(recording.verdict == .holds)
        let login = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("login.json")))
        let mail = try #require(login["datas"]?["mail"]?.stringValue)
        #expect(mail != "demo@example.com" && mail.count == "demo@example.com".count && mail.contains("@"))
        let uid = try #require(login["datas"]?["uid"]?.int64Value)
        #expect(uid != 1_000_000_001 && String(uid).count == 10)
    }

    @Test func theCommandPrintsEachFileAndExitsAsLive() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let dry = await LiveHarness.cli([
            "record", "--base-url", server.baseURL.absoluteString, "--mocks", folder.path, "--dry-run",
            "--only", "topics.list,account.login",
        ])
        #expect(dry.code == 0)
        #expect(dry.out.contains("created   topics.json"))
        #expect(dry.out.contains("3 files: 3 created, 0 updated, 0 unchanged, 0 refused (dry run: nothing written)"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let real = await LiveHarness.cli([
            "record", "--base-url", server.baseURL.absoluteString, "--mocks", folder.path,
            "--only", "topics.list",
        ])
        #expect(real.code == 0)
        #expect(Self.files(in: folder) == ["topics.json", "topics@bad_page.json"])
        let again = await LiveHarness.cli([
            "record", "--base-url", server.baseURL.absoluteString, "--mocks", folder.path,
            "--only", "topics.list",
        ])
        #expect(again.out.contains("unchanged topics.json"))
        let unreachable = await LiveHarness.cli([
            "record", "--base-url", "http://127.0.0.1:9/Api/", "--mocks", folder.path,
            "--only", "topics.list", "--timeout", "2",
        ])
        #expect(unreachable.code == 3)
        let bad = await LiveHarness.cli(["record", "--redact", "datas.mail", "--mocks", folder.path])
        #expect(bad.code == 2)
    }
}
