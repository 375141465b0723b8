import APICheck
import APICheckCLI
import Foundation
import MockServer
import TestSupport

/// One API through every command a declaration must work in: `live` against a backend of the
/// test's, `record` from it into a fresh folder, the `mocks` audit, `list`, `openapi`, and `live`
/// against `serve` over what was recorded. Each step's exit code and output are kept for the
/// test's own expectations.
struct DeclarationRoundTrip {
    struct Step {
        var code: Int32
        var out: String
        var err: String
        var text: String { out + err }
    }

    var live: Step
    var record: Step
    var mocks: Step
    var list: Step
    var openapi: Step
    var liveAgainstServe: Step
    /// What `serve` was asked, by the live run against it.
    var served: String
    /// The mocks `record` wrote, by file name.
    var recorded: [String: String]

    static func run(_ api: API, backend: URL, environment: [String: String] = [:], liveArguments: [String] = []) async throws
        -> DeclarationRoundTrip
    {
        let folder = try TemporaryFolder("declaration-round-trip")
        defer { folder.remove() }
        let tool = APICheckTool(api: api)
        func step(_ arguments: [String]) async -> Step {
            let (console, captured) = Console.capturing()
            let code = await tool.run(arguments, console: console, environment: environment, workingDirectory: folder.url)
            return Step(code: code, out: captured.out, err: captured.err)
        }
        let base = backend.absoluteString
        let live = await step(["live", "--base-url", base, "--mocks", folder.url.path] + liveArguments)
        let record = await step(["record", "--base-url", base, "--mocks", folder.url.path])
        var recorded: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [] where name.hasSuffix(".json") {
            recorded[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let mocks = await step(["mocks", "--mocks", folder.url.path])
        let list = await step(["list"])
        let openapi = await step(["openapi", "--mocks", folder.url.path])
        // serve reads the credentials (a token issued beforehand) from the environment, as `serve` does.
        var options = MockServerOptions()
        options.credentials = environment
        let harness = try ServeHarness(api: api, mocks: folder.url, options: options)
        defer { harness.stop() }
        let againstServe = await step(
            ["live", "--base-url", harness.server.baseURL.absoluteString, "--mocks", folder.url.path]
                + liveArguments)
        let journal = try await harness.send(.get, "/__apicheck/requests")
        return DeclarationRoundTrip(
            live: live, record: record, mocks: mocks, list: list, openapi: openapi,
            liveAgainstServe: againstServe, served: String(decoding: journal.body, as: UTF8.self),
            recorded: recorded)
    }
}
