import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import Foundation
import Sandbox
import Synchronization
import TestSupport
import Testing

/// A package's own tool named "shop": every message of every command, on every error path, says
/// "shop" and never "apicheck".
@Suite struct ToolNameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var code: Int32
        /// A line of stderr starts with this: "shop live: ..." names the command.
        var errPrefix: String?
        var environment: [String: String] = LiveHarness.credentials
        var tool: Tool = .withSandbox
        var testDescription: String { arguments.joined(separator: " ") }
    }

    enum Tool: Sendable { case withSandbox, withoutSandbox, brokenDeclarations }

    static func tool(_ kind: Tool) -> APICheckTool {
        switch kind {
        case .withSandbox: return APICheckTool(api: Demo.api, sandbox: DemoSandboxLauncher(), name: "shop")
        case .withoutSandbox: return APICheckTool(api: Demo.api, name: "shop")
        case .brokenDeclarations:
            var api = Demo.api
            api.endpoints.append(api.endpoints[0])
            return APICheckTool(api: api, sandbox: DemoSandboxLauncher(), name: "shop")
        }
    }

    static let mocks = LiveHarness.mocks.path
    static let unreachable = "http://127.0.0.1:9/Api/"

    static let cases: [Case] = [
        Case(arguments: [], code: 2, errPrefix: "usage: shop <command>"),
        Case(arguments: ["nope"], code: 2, errPrefix: "shop: unknown command 'nope'"),
        Case(arguments: ["lsit"], code: 2, errPrefix: "shop: unknown command 'lsit'; did you mean 'list'?"),
        Case(arguments: ["init"], code: 2, errPrefix: "shop init: missing DIR\n\nusage: shop init"),
        Case(
            arguments: ["completion", "tcsh"], code: 2,
            errPrefix: "shop completion: unknown shell 'tcsh' (expected one of: bash, zsh, fish)"),
        Case(arguments: ["__complete", "nope"], code: 2, errPrefix: "shop __complete: unknown source 'nope'"),
        Case(arguments: ["help", "nope"], code: 2, errPrefix: "shop: unknown command 'nope'"),
        Case(arguments: ["sandbox"], code: 2, errPrefix: "shop: unknown command 'sandbox'", tool: .withoutSandbox),
        Case(arguments: ["list", "--bogus"], code: 2, errPrefix: "shop list: unknown option '--bogus'\n\nusage: shop list"),
        Case(arguments: ["list", "extra"], code: 2, errPrefix: "shop list: unexpected argument 'extra'"),
        Case(arguments: ["list", "-x"], code: 2, errPrefix: "shop list: unknown option '-x'"),
        Case(arguments: ["list"], code: 0, errPrefix: "shop list: ", tool: .brokenDeclarations),
        Case(arguments: ["mocks", "--mocks", "/nonexistent/m"], code: 2, errPrefix: "shop mocks: no mocks folder at /nonexistent/m"),
        Case(arguments: ["mocks", "--report", "xml"], code: 2, errPrefix: "shop mocks: unknown report format 'xml'"),
        Case(arguments: ["mocks", "--report", "json:"], code: 2, errPrefix: "shop mocks: --report json: the file name"),
        Case(arguments: ["mocks", "--report", "text", "--report", "json"], code: 2, errPrefix: "shop mocks: only one report"),
        Case(arguments: ["mocks", "--output", "a", "--output", "b"], code: 2, errPrefix: "shop mocks: option '--output' given twice"),
        Case(arguments: ["mocks", "--report", "json:a", "--output", "b"], code: 2, errPrefix: "shop mocks: --output given but"),
        Case(
            arguments: ["mocks", "--mocks", mocks, "--report", "json:/nonexistent/d/r.json"], code: 2,
            errPrefix: "shop mocks: cannot write the report /nonexistent/d/r.json: no folder /nonexistent/d"),
        Case(
            arguments: ["mocks", "--mocks", mocks, "--report", "json:/dev/full"], code: 2,
            errPrefix: "shop mocks: cannot write the json report to /dev/full"),
        Case(
            arguments: ["mocks", "--mocks", mocks, "--report", "github:/dev/null"], code: 2,
            errPrefix: "shop mocks: cannot append the summary to GITHUB_STEP_SUMMARY",
            environment: ["GITHUB_STEP_SUMMARY": "/nonexistent/d/summary.md"]),
        Case(arguments: ["live", "--only", ""], code: 2, errPrefix: "shop live: --only needs endpoint ids (see 'shop list')"),
        Case(arguments: ["live", "--only", "nope"], code: 2, errPrefix: "shop live: --only: no endpoint 'nope' (see 'shop list')"),
        Case(arguments: ["live", "--concurrency", "0"], code: 2, errPrefix: "shop live: option '--concurrency' expects"),
        Case(arguments: ["live", "--timeout", "x"], code: 2, errPrefix: "shop live: option '--timeout' expects seconds"),
        Case(arguments: ["live", "--timeout"], code: 2, errPrefix: "shop live: option '--timeout' needs a value"),
        Case(arguments: ["live", "--max-body", "x"], code: 2, errPrefix: "shop live: --max-body expects a size"),
        Case(arguments: ["live", "--strict=yes"], code: 2, errPrefix: "shop live: option '--strict' takes no value"),
        Case(arguments: ["live", "--base-url", "ftp://x/"], code: 2, errPrefix: "shop live: --base-url: 'ftp://x/' is not"),
        Case(arguments: ["live", "--env", "moon"], code: 2, errPrefix: "shop live: unknown environment 'moon'"),
        Case(
            arguments: ["live", "--env", "staging", "--base-url", unreachable], code: 2,
            errPrefix: "shop live: give --base-url or --env, not both"),
        Case(
            arguments: ["live", "--report", "junit:/nonexistent/d/r.xml"], code: 2,
            errPrefix: "shop live: cannot write the report /nonexistent/d/r.xml"),
        Case(
            arguments: ["live", "--base-url", unreachable], code: 2, errPrefix: "shop live: set APICHECK_ACCOUNT and",
            environment: [:]),
        Case(
            arguments: ["live", "--base-url", unreachable, "--mocks", "/nonexistent/m"], code: 2,
            errPrefix: "shop live: no mocks folder at /nonexistent/m (from --mocks"),
        // The demo's mocks are found beside its declarations, so this only says the target is down.
        Case(arguments: ["live", "--base-url", unreachable, "--timeout", "2"], code: 3, errPrefix: nil),
        Case(arguments: ["live"], code: 2, errPrefix: "shop live: no target: give --base-url URL", tool: .withoutSandbox),
        Case(
            arguments: ["live"], code: 2, errPrefix: "shop live: the demo API's declarations need fixing first",
            tool: .brokenDeclarations),
        Case(arguments: ["sandbox", "--port", "70000"], code: 2, errPrefix: "shop sandbox: option '--port' expects"),
        Case(arguments: ["sandbox", "--token-ttl", "0"], code: 2, errPrefix: "shop sandbox: option '--token-ttl' expects"),
        Case(arguments: ["sandbox", "--fault", "bogus"], code: 2, errPrefix: "shop sandbox: unknown fault 'bogus'"),
        Case(arguments: ["live", "--base-url", unreachable, "--timeout", "2", "--report", "github"], code: 3, errPrefix: nil),
        Case(arguments: ["live", "--base-url", unreachable, "--timeout", "2", "--report", "junit"], code: 3, errPrefix: nil),
        Case(arguments: ["record", "--only", "nope"], code: 2, errPrefix: "shop record: --only: no endpoint 'nope' (see 'shop list')"),
        Case(arguments: ["record", "--cacert", "/nonexistent/ca.pem"], code: 2, errPrefix: "shop record: --cacert: "),
        Case(arguments: ["record", "--base-url", unreachable, "--mocks", mocks, "--dry-run", "--timeout", "2"], code: 3, errPrefix: nil),
        Case(
            arguments: ["record", "--base-url", unreachable, "--mocks", mocks, "--dry-run", "--timeout", "2", "--report", "text"],
            code: 3, errPrefix: nil),
        Case(arguments: ["record"], code: 2, errPrefix: "shop record: no target: give --base-url URL", tool: .withoutSandbox),
        Case(
            arguments: ["import-har", "/nonexistent/capture.har", "--mocks", mocks, "--dry-run"], code: 2, errPrefix: "shop import-har: "),
        Case(arguments: ["import-har"], code: 2, errPrefix: "shop import-har: missing"),
        Case(arguments: ["openapi", "--output", "/nonexistent/d/api.json"], code: 2, errPrefix: "shop openapi: "),
        Case(arguments: ["openapi", "--bogus"], code: 2, errPrefix: "shop openapi: unknown option '--bogus'"),
        Case(arguments: ["serve", "--tls-cert", "server.pem"], code: 2, errPrefix: "shop serve: --tls-cert and --tls-key go together"),
        Case(
            arguments: ["serve", "--tls-cert", "/nonexistent/s.pem", "--tls-key", "/nonexistent/s.key"], code: 2,
            errPrefix: "shop serve: "),
    ]

    /// The repository's own path may hold the word (a clone named apicheck); it is not a message.
    static func messages(_ text: String) -> String {
        let root = RepositoryPaths.root.path
        // serve's admin API lives under /__apicheck/ whatever the tool is called: a path, not a name.
        return text.replacingOccurrences(of: root, with: "<repo>").replacingOccurrences(of: "/__apicheck/", with: "/<admin>/")
    }

    func run(_ tool: APICheckTool, _ arguments: [String], environment: [String: String]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await tool.run(
            arguments, console: console, environment: environment,
            workingDirectory: FileManager.default.temporaryDirectory)
        return (code, captured.out, captured.err)
    }

    @Test(arguments: cases)
    func everyErrorSaysTheToolsName(_ example: Case) async {
        let result = await run(Self.tool(example.tool), example.arguments, environment: example.environment)
        #expect(result.code == example.code, "\(result.err)")
        if let prefix = example.errPrefix {
            #expect(result.err.hasPrefix(prefix) || result.err.contains("\n" + prefix), "\(result.err)")
        }
        #expect(!Self.messages(result.err).contains("apicheck"), "\(result.err)")
        // A report on stdout names the tool as its user types it, like every message.
        #expect(!Self.messages(result.out).contains("apicheck"), "\(result.out)")
    }

    /// `serve` refuses broken mocks and points at the command that lists the problems: the tool's.
    @Test func serveNamesTheToolsMocksCommand() async throws {
        let folder = try TemporaryFolder("tool-name-serve")
        defer { folder.remove() }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("orphan.json"))
        let result = await run(Self.tool(.withSandbox), ["serve", "--mocks", folder.url.path, "--port", "0"], environment: [:])
        #expect(result.code == 2)
        #expect(result.err.contains("'shop mocks' lists them"), "\(result.err)")
        #expect(!Self.messages(result.err).contains("apicheck"), "\(result.err)")
    }

    @Test func everyHelpSaysTheToolsName() async {
        let tool = Self.tool(.withSandbox)
        var helps = [await run(tool, ["--help"], environment: [:])]
        for command in ["live", "mocks", "list", "sandbox", "serve", "record", "import-har", "openapi"] {
            helps.append(await run(tool, [command, "--help"], environment: [:]))
            helps.append(await run(tool, ["help", command], environment: [:]))
        }
        for help in helps {
            #expect(help.code == 0)
            #expect(help.err == "")
            #expect(help.out.hasPrefix("usage: shop "), "\(help.out)")
            #expect(!Self.messages(help.out).contains("apicheck"), "\(help.out)")
        }
    }

    @Test func aPortInUseSaysTheToolsName() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let port = try #require(server.baseURL.port)
        let result = await run(Self.tool(.withSandbox), ["sandbox", "--port", "\(port)"], environment: [:])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("shop sandbox: cannot start HTTP server on 127.0.0.1:\(port)"), "\(result.err)")
        #expect(!result.err.contains("apicheck"))
    }

    @Test func aStreamThatCannotBeWrittenIsReportedOnTheOther() async {
        struct Full: Error, CustomStringConvertible { var description: String { "No space left on device" } }
        let err = Collected()
        let fullOut = Console(failableOut: { _ in throw Full() }, err: { text in err.append(text) })
        let list = await Self.tool(.withSandbox).run(["list"], console: fullOut, environment: [:])
        #expect(list == 2)
        #expect(err.text == "shop list: cannot write to stdout: No space left on device\n")

        let out = Collected()
        let fullErr = Console(failableOut: { text in out.append(text) }, err: { _ in throw Full() })
        let usage = await Self.tool(.withSandbox).run(["list", "--bogus"], console: fullErr, environment: [:])
        #expect(usage == 2)
        #expect(out.text == "shop list: cannot write to stderr: No space left on device\n")
    }
}

/// What a test console's working stream received.
final class Collected: Sendable {
    private let state = Mutex("")
    var text: String { state.withLock { $0 } }
    func append(_ more: String) { state.withLock { $0 += more } }
}
