import APICheck
import APICheckCLI
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// A notebook server in Jupyter's manner, run with a token or without one: one declaration whose
/// auth a variable turns off. On, the token is sent and probed; off, none is sent, the probes are
/// skipped and the run says so.
@Suite struct AuthOffByConfigurationTests {
    struct Status: Codable, Sendable { var started: String }

    static let token = "nb-token-0123456789"

    static let api = API(
        name: "notebook", envelope: .none, errors: ErrorShape(code: "$.reason", message: "$.message"),
        expired: [.status(403)],
        auth: AuthPolicy.preIssued(variable: "NB_TOKEN", placement: .scheme("token")).off(when: "NB_AUTH"),
        endpoints: [Endpoint<Status>(id: "status", .get, "api/status", mock: "status", auth: .token)])

    static func backend(withToken: Bool) throws -> TestServer {
        try TestServer { request in
            if withToken, request.header("authorization") != "token " + token {
                return .json(Data(#"{"reason": "forbidden", "message": "token required"}"#.utf8), status: 403)
            }
            return .json(Data(#"{"started": "2026-12-04T10:00:00Z"}"#.utf8))
        }
    }

    @Test func withTheTokenOnTheTokenIsSentAndProbed() async throws {
        let backend = try Self.backend(withToken: true)
        defer { backend.stop() }
        let trip = try await DeclarationRoundTrip.run(
            Self.api, backend: backend.url("/"), environment: ["NB_TOKEN": Self.token],
            liveArguments: ["--verbose"])
        #expect(trip.live.code == 0, "\(trip.live.text)")
        #expect(trip.live.text.contains("probe token-expired"), "\(trip.live.text)")
        #expect(!trip.live.text.contains("auth is off"))
        #expect(trip.record.code == 0, "\(trip.record.text)")
        #expect(trip.mocks.code == 0, "\(trip.mocks.text)")
        #expect(trip.liveAgainstServe.code == 0, "\(trip.liveAgainstServe.text)")
    }

    @Test func offNoTokenIsSentOrAskedForAndTheProbesAreSkippedSayingSo() async throws {
        let backend = try Self.backend(withToken: false)
        defer { backend.stop() }
        let folder = try TemporaryFolder("auth-off")
        defer { folder.remove() }
        let environment = ["NB_AUTH": "off"]
        let tool = APICheckTool(api: Self.api)
        let (console, captured) = Console.capturing()
        let code = await tool.run(
            ["live", "--verbose", "--base-url", backend.url("/").absoluteString, "--mocks", folder.url.path],
            console: console, environment: environment, workingDirectory: folder.url)
        #expect(code == 0, "\(captured.out)\(captured.err)")
        #expect(
            captured.err.contains(
                "auth is off ($NB_AUTH=off): no token is sent or asked for, "
                    + "and the probes of the 1 endpoint that need one are skipped"), "\(captured.err)")
        #expect(!captured.out.contains("probe "), "\(captured.out)")
        #expect(!backend.requests.isEmpty && backend.requests.allSatisfy { $0.header("authorization") == nil })

        let (recordConsole, recorded) = Console.capturing()
        #expect(
            await tool.run(
                ["record", "--base-url", backend.url("/").absoluteString, "--mocks", folder.url.path],
                console: recordConsole, environment: environment, workingDirectory: folder.url) == 0,
            "\(recorded.out)\(recorded.err)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("status.json").path))

        // serve as the command builds it for this environment: the token is not asked for.
        // The mocks recorded with the auth on serve it off too.
        let mocks = try TemporaryMocks(files: [
            "status.json": #"{"started": "2026-12-04T10:00:00Z"}"#,
            "status@expired.403.json": #"{"reason": "forbidden", "message": "token required"}"#,
        ])
        defer { mocks.remove() }
        #expect(Self.api.auth.isOff(in: environment) && !Self.api.auth.isOff(in: ["NB_AUTH": "on"]) && !Self.api.auth.isOff(in: [:]))
        let off = try MockServer(api: Self.api.withAuthOff, mocks: mocks.url)
        let on = try MockServer(api: Self.api, mocks: mocks.url)
        #expect(off.respond(to: ServerRequest(method: "GET", path: "/api/status")).status == 200)
        #expect(on.respond(to: ServerRequest(method: "GET", path: "/api/status")).status != 200)
    }

    @Test func unsetTheAuthStaysOnAndAMissingTokenIsRefused() async throws {
        let backend = try Self.backend(withToken: false)
        defer { backend.stop() }
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api).run(
            ["live", "--base-url", backend.url("/").absoluteString], console: console,
            environment: [:])
        #expect(code == 2, "\(captured.out)\(captured.err)")
        #expect(!captured.err.contains("auth is off"))
    }
}
