import APICheck
import Contracts
import Foundation
import Testing

/// `import-har` with captures in each exporter's flavour (`HARFixtures`), into a copy of the demo's
/// mocks: matching by method and path template, classification into scenarios, what is reported
/// and not written, secrets from URLs, headers, cookies and bodies, the latest answer winning.
@Suite struct HARImportTests {
    /// A copy of the repository's mocks in a temporary folder.
    static func mocksCopy() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: MockTransport.locateMocks()!, to: folder)
        return folder
    }

    static func run(_ har: String, api: API = Demo.api, into folder: URL, baseURL: URL? = nil, dryRun: Bool = false) throws
        -> HARImportResult
    {
        let archive = try HARArchive(data: Data(har.utf8))
        return HARImport(api: api, directory: folder, baseURL: baseURL, dryRun: dryRun).run(archive)
    }

    static func text(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    static func assertNoSecrets(_ secrets: [String], in folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = try Self.text(folder, name)
            for secret in secrets {
                for form in [
                    secret, secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret,
                    Data(secret.utf8).base64EncodedString(),
                ] {
                    #expect(!text.contains(form), "\(name) holds \(form.prefix(4))…")
                }
            }
        }
    }

    @Test func chromeCaptureMatchesTemplatesAndRedactsTheToken() throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(HARFixtures.chrome, into: folder)
        #expect(
            result.files.map { "\($0.action.rawValue) \($0.file)" } == [
                "updated login.json", "updated home_timeline.json", "unchanged status_show.json",
            ])
        #expect(result.nonJSON == 2)
        #expect(result.unmatched.counts.map(\.label) == ["GET /Api/ads/list"])
        #expect(result.unmatched.total == 2)
        #expect(result.verdict == .holds)
        try Self.assertNoSecrets(["2.00ChromeRealToken77", "hunter2-chrome"], in: folder)
        // The token inside a URL in a status text is the token's placeholder too.
        let login = try JSONParser.parse(Data(Self.text(folder, "login.json").utf8))
        let placeholder = try #require(login["datas"]?["utoken"]?.stringValue)
        #expect(placeholder.count == "2.00ChromeRealToken77".count)
        #expect(try Self.text(folder, "home_timeline.json").contains("access_token=" + placeholder))
        // Written files are proven: the audit of the folder finds nothing.
        #expect(MockAudit(api: Demo.api, directory: folder).run().allFindings.map(\.message) == [])
        // A second import writes nothing.
        let again = try Self.run(HARFixtures.chrome, into: folder)
        #expect(again.files.allSatisfy { $0.action == .unchanged })
    }

    @Test func firefoxBase64BodiesScenariosAndCookies() throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(HARFixtures.firefox, into: folder)
        #expect(
            result.files.map { "\($0.action.rawValue) \($0.file)" } == [
                "unchanged topics.json", "unchanged user_show@logout.json", "unchanged home_timeline@expired.json",
                "updated topic_like.json",
            ])
        try Self.assertNoSecrets(["ffSessionCookie123456", "2.00FirefoxToken4242", "2.00FirefoxDeadToken11"], in: folder)
        #expect(try Self.text(folder, "topic_like.json").contains("liked for session "))
    }

    @Test func charlesMissingBodyFailureCodesAndABearerToken() throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(HARFixtures.charles, into: folder)
        // 10002 is the code of the declared wrong_password scenario's mock.
        #expect(result.files.map { "\($0.action.rawValue) \($0.file)" } == ["unchanged login@wrong_password.json"])
        #expect(result.withoutBody.counts.map(\.label) == ["statuses.homeTimeline (GET statuses/home_timeline)"])
        #expect(result.undeclared.map(\.found) == ["99999"])
        let message = try #require(result.undeclared.first?.message)
        #expect(!message.contains("2.00CharlesBearer999"))
        #expect(result.lines.last == "3 entries: 1 matched into 1 files, 1 not written, 1 without a body, 0 not JSON skipped")
    }

    @Test func mitmproxyLatestAnswerWinsAndBaseURLFilters() throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(HARFixtures.mitmproxy, into: folder, baseURL: URL(string: "http://10.0.0.5:8080/Api/")!)
        let config = try #require(result.files.first)
        #expect(config.file == "config_main.json" && config.seen == 2 && config.action == .unchanged)
        #expect(result.otherOrigins == 1)
        let all = try Self.run(HARFixtures.mitmproxy, into: folder, dryRun: true)
        #expect(all.files.first?.seen == 3)
        #expect(all.files.first?.action == .unchanged)
    }

    @Test func dryRunWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-\(UUID().uuidString)")
        let result = try Self.run(HARFixtures.chrome, into: folder, dryRun: true)
        #expect(result.files.map(\.action) == [.created, .created, .created])
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aViolatingAnswerIsNotWrittenOverAGoodMock() throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try Self.text(folder, "status_show.json")
        let broken = HARFixtures.chrome.replacingOccurrences(of: #"\"screen_name\":"#, with: #"\"screenName\":"#)
        let result = try Self.run(broken, into: folder)
        let show = try #require(result.files.first { $0.file == "status_show.json" })
        #expect(show.action == .refused)
        #expect(show.findings.map(\.path) == ["$.datas.user.screen_name"])
        #expect(result.verdict == .violated)
        #expect(try Self.text(folder, "status_show.json") == good)
        let forced = HARImport(api: Demo.api, directory: folder, force: true).run(try HARArchive(data: Data(broken.utf8)))
        #expect(forced.files.first { $0.file == "status_show.json" }?.action == .updated)
        #expect(forced.verdict == .holds)
    }

    @Test func anotherAPIWithABearerHeaderAndAPinnedStatus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(HARFixtures.safariShop, api: ShopAPI.api, into: folder)
        // A dead token said with an envelope code at HTTP 200: the status is pinned in the name.
        #expect(
            result.files.map { "\($0.action.rawValue) \($0.file)" } == [
                "created login.json", "created item.json", "created item@expired.200.json", "created item@logout.json",
            ])
        try Self.assertNoSecrets(["tok-abcdef123456", "shop-secret-9"], in: folder)
        let audit = MockAudit(api: ShopAPI.api, directory: folder).run()
        #expect(audit.allFindings.map(\.message) == [])
    }

    @Test func notAHARFileIsAClearError() {
        #expect(throws: HARArchive.ReadError.self) { try HARArchive(data: Data(#"{"entries": []}"#.utf8)) }
        #expect(throws: HARArchive.ReadError.self) { try HARArchive(data: Data("<html>".utf8)) }
    }

    /// A HAR answering `statuses.show` with `body`.
    static func statusCapture(_ body: String) throws -> String {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed]), as: UTF8.self)
        return #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://staging.example.com/Api/statuses/4130540976425200"}, "#
            + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": "# + text + "}}}]}}"
    }

    /// An answer replacing a mock reports its drift as `live` does, by what the type reads: a
    /// renamed field the type ignores is `drift-removed` and `drift-added`, both warnings; a
    /// renamed field it requires is the decode error at the old path (as in `live`, the removal is
    /// not said twice) and `drift-added` at the new one.
    @Test func renamedFieldReportsDriftAgainstTheExistingMock() throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try Self.text(folder, "status_show.json")
        let mock = shipped.replacingOccurrences(of: #""text":"#, with: #""legacy_flag": true, "text":"#)
        try mock.write(to: folder.appendingPathComponent("status_show.json"), atomically: true, encoding: .utf8)
        func listing(_ body: String) throws -> [String] {
            try Self.run(Self.statusCapture(body), into: folder, dryRun: true).files.flatMap(\.lines)
        }
        let unread = try listing(mock.replacingOccurrences(of: #""legacy_flag":"#, with: #""legacy_flag_v2":"#))
        #expect(unread.first == "updated   status_show.json")
        #expect(
            unread.filter { $0.hasPrefix("    warning") }.map { $0.prefix { $0 != ":" } } == [
                "    warning drift-removed $.datas.legacy_flag", "    warning drift-added $.datas.legacy_flag_v2",
            ])
        let read = try listing(mock.replacingOccurrences(of: #""source":"#, with: #""source_html":"#))
        #expect(
            read == [
                "refused   status_show.json",
                "    warning drift-added $.datas.source_html: not in the mock or the decode type (found String)",
                "    error decode $.datas.source: expected String, found absent",
            ])
        // An answer shaped like the mock drifts nowhere.
        let same = try Self.run(Self.statusCapture(mock), into: folder, dryRun: true)
        #expect(same.files.map(\.action) == [.updated])
        #expect(same.files.flatMap(\.drift).isEmpty)
    }
}

/// An API unlike the demo: `status`/`message`/`data`, success 0, a Bearer header, a nested token,
/// a dead token said by HTTP 401 or by the code 401002.
enum ShopAPI {
    struct Session: Decodable, Sendable { struct Inner: Decodable, Sendable { var token: String }; var session: Inner }
    struct Item: Decodable, Sendable { var id: Int; var created: Date }

    static let login = Endpoint<Session>(
        id: "auth.login", .post, "login",
        parameters: [
            .body("email", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    static let item = Endpoint<Item>(id: "items.show", .get, "items/{id}", parameters: [.path("id", .int)], mock: "item", auth: .token)
    static let api = API(
        name: "shop", environments: ["prod": URL(string: "https://shop.example/v1/")!],
        envelope: EnvelopePolicy(
            codeKey: "status", messageKey: "message", payloadKey: "data", successCodes: [0],
            logoutCodes: [401001], expiredCodes: [401002], expiredHTTPStatuses: [401], messageRequired: false),
        auth: AuthPolicy(loginEndpoint: "auth.login", tokenField: "session.token", placement: .bearer),
        dates: .iso8601, endpoints: [login, item])
}
