import APICheck
@testable import APICheckCLI
import Contracts
import Foundation
import Sandbox
import TestSupport
import Testing

/// The command line through its entry point (`APICheckTool.run`, what main.swift calls):
/// stdout, stderr and exit codes.
@Suite struct CommandLineTests {
    @Test func helpGoesToStdoutAndExitsZero() async {
        let result = await LiveHarness.cli(["--help"])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("usage: apicheck <command> [options]"))
        for command in ["live", "mocks", "list", "sandbox"] { #expect(result.out.contains("\n  \(command) ")) }
        let live = await LiveHarness.cli(["live", "--help"])
        #expect(live.code == 0)
        #expect(live.out.contains("--concurrency N"))
    }

    @Test(arguments: [
        (["nope"], "apicheck: unknown command 'nope'"),
        ([], "usage: apicheck <command>"),
        (["list", "--bogus"], "apicheck list: unknown option '--bogus'"),
        (["live", "--only", "statuses.nope"], "apicheck live: --only: no endpoint 'statuses.nope'"),
        (["live", "--concurrency", "0"], "apicheck live: option '--concurrency' expects a whole number from 1 to 256, got '0'"),
        (["live", "--base-url", "ftp://x/"], "apicheck live: --base-url: 'ftp://x/' is not an http(s) URL"),
        (["live", "--env", "moon"], "apicheck live: unknown environment 'moon' (the demo API names: local, staging)"),
        (["live", "--report", "xml"], "apicheck live: unknown report format 'xml'"),
        (["mocks", "--report", "text", "--report", "json"], "only one report can go to stdout"),
        (["live", "--only", ""], "apicheck live: --only needs endpoint ids"),
        (["live", "--report", "json:a.out", "--report", "junit:a.out"], "two reports would write the same file 'a.out'"),
    ])
    func usageErrorsExitTwoWithUsageOnStderr(_ arguments: [String], _ message: String) async {
        let result = await LiveHarness.cli(arguments)
        #expect(result.code == 2)
        #expect(result.out == "")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.contains("usage: apicheck"))
    }

    @Test func configurationErrorsAreCaughtBeforeTheRun() async {
        let missingMocks = await LiveHarness.cli(["live", "--mocks", "/nonexistent/mocks"])
        #expect(missingMocks.code == 2)
        #expect(missingMocks.err.contains("no mocks folder at /nonexistent/mocks"))
        let badReport = await LiveHarness.cli(["live", "--report", "junit:/nonexistent/dir/r.xml"])
        #expect(badReport.code == 2)
        #expect(badReport.err.contains("cannot write the report /nonexistent/dir/r.xml: no folder /nonexistent/dir"))
        #expect(!badReport.err.contains("checking the bundled sandbox"))
    }

    @Test func reportsWriteThroughLinksAndDevicesWithoutReplacingThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("report.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        let result = await LiveHarness.cli(["mocks", "--report", "json:\(link.path)", "--report", "junit:/dev/null"])
        #expect(result.code == 0, "\(result.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        let written = try String(contentsOf: folder.appendingPathComponent("real.json"), encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"schema\": \"apicheck-report/1\""))
        let null = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(null[.type] as? FileAttributeType == .typeCharacterSpecial)
        let aFolder = await LiveHarness.cli(["mocks", "--report", "json:\(folder.path)"])
        #expect(aFolder.code == 2)
        #expect(aFolder.err.contains("cannot write the report \(folder.path): \(folder.path) is a folder"))
    }

    /// `--summaries` adds a last column; the columns before it are those of the plain listing.
    @Test func listWithSummariesAddsALastColumn() async {
        let plain = await LiveHarness.cli(["list"])
        let result = await LiveHarness.cli(["list", "--summaries"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        let before = plain.out.split(separator: "\n").map(String.init)
        #expect(lines.count == before.count && lines.first?.hasSuffix("  SUMMARY") == true, "\(result.out)")
        for (line, old) in zip(lines.dropFirst(), before.dropFirst()) {
            // The demo declares no summaries.
            #expect(line.hasSuffix("  -") && line.hasPrefix(old), "\(line)")
        }
    }

    /// A summary holds a document's words: a control character in them is shown escaped, never sent raw.
    @Test func aSummaryReachesTheTerminalEscaped() {
        let endpoint = Endpoint<JSONValue>(id: "pets", .get, "pets", mock: "pets", enveloped: false)
            .summarized("List\u{1B}[2J pets\nand more")
        let shown = ListCommand.summary(of: endpoint.erased)
        #expect(!shown.unicodeScalars.contains("\u{1B}") && shown.hasPrefix("List") && shown.hasSuffix("pets and more"), "\(shown)")
    }

    @Test func listShowsEveryDeclaredEndpoint() async {
        let result = await LiveHarness.cli(["list"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.first?.hasPrefix("ID ") == true)
        for endpoint in Demo.api.endpoints { #expect(result.out.contains(endpoint.id + " ")) }
        #expect(
            lines.contains {
                $0.hasPrefix("statuses.show") && $0.contains("GET") && $0.contains("statuses/{id}")
                    && $0.contains("token") && $0.contains("status_show.json")
            })
    }

    @Test func mocksOnTheShippedFolderIsClean() async {
        let result = await LiveHarness.cli(["mocks"])
        #expect(result.code == 0)
        #expect(result.out.contains("11 endpoints ok; 0 errors, 0 warnings"))
    }

    @Test func mocksNamesEndpointFileAndPathOfARenamedField() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-cli-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveHarness.mocks, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home_timeline.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"screen_name\"", with: "\"screenName\"").write(to: file, atomically: true, encoding: .utf8)
        let result = await LiveHarness.cli(["mocks", "--mocks", folder.path])
        #expect(result.code == 1)
        #expect(result.out.contains("statuses.homeTimeline"))
        #expect(result.out.contains("$.datas.statuses[0].user.screen_name"))
        #expect(result.out.contains("home_timeline.json"))
        #expect(result.out.contains("expected String, found absent"))
    }

    @Test func mocksOnADeepDocumentExitsOneWithAClearMessage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-cli-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveHarness.mocks, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try "{\"code\": 200, \"msg\": \"success\", \"datas\": \(deep)}".write(
            to: folder.appendingPathComponent("home_timeline.json"), atomically: true, encoding: .utf8)
        let result = await LiveHarness.cli(["mocks", "--mocks", folder.path])
        #expect(result.code == 1)
        #expect(result.out.contains("nesting deeper than 512 levels"))
        #expect(result.out.contains("statuses.homeTimeline"))
    }

    @Test func liveWithNothingConfiguredChecksTheBundledSandbox() async {
        let result = await LiveHarness.cli(["live"], environment: [:])
        #expect(result.code == 0, "\(result.out)\n\(result.err)")
        #expect(result.err.contains("no target configured; checking the bundled sandbox at http://127.0.0.1:"))
        #expect(result.out.contains("11 endpoints + 14 auth probes + 1 paging check + 3 error checks, concurrency 8"))
        #expect(result.out.contains("11 endpoints ok; 14 probes ok; 1 paging check ok; 3 error checks ok; 0 errors, 0 warnings"))
    }

    @Test func liveAgainstNothingListeningExitsThree() async {
        let result = await LiveHarness.cli(["live", "--base-url", "http://127.0.0.1:9/Api/", "--timeout", "2"])
        #expect(result.code == 3, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("unreachable"))
        #expect(result.out.contains("refused") || result.out.contains("connect"))
    }

    @Test func liveWithoutCredentialsForAStagingTargetIsAConfigurationError() async {
        let result = await LiveHarness.cli(["live", "--base-url", "http://127.0.0.1:9/Api/"], environment: [:])
        #expect(result.code == 2)
        #expect(result.err.contains("set APICHECK_ACCOUNT and APICHECK_PASSWORD"))
    }

    @Test func everyReportFormatToFilesWithoutSecrets() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("summary.md")
        var environment: [String: String] = ["GITHUB_STEP_SUMMARY": summary.path]
        environment["APICHECK_MOCKS"] = LiveHarness.mocks.path
        let result = await LiveHarness.cli(
            [
                "live", "--verbose",
                "--report", "json:\(folder.path)/r.json", "--report", "junit:\(folder.path)/r.xml",
                "--report", "github:\(folder.path)/r.github", "--report", "text",
            ], environment: environment)
        #expect(result.code == 0, "\(result.err)")
        var outputs = [result.out, result.err]
        for name in ["r.json", "r.xml", "r.github", "summary.md"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.isEmpty, "\(name) is empty")
            outputs.append(text)
        }
        let json = try JSONSerialization.jsonObject(with: Data(outputs[2].utf8)) as? [String: Any]
        #expect(json?["exitCode"] as? Int == 0)
        // The verbose trace shows requests that carried the password and tokens: all masked.
        #expect(result.err.contains("access_token=***"))
        #expect(result.err.contains(#""password":"***""#))
        let tokenPattern = try NSRegularExpression(pattern: #"2\.00[A-Za-z0-9]{6,}"#)
        for output in outputs {
            #expect(!output.contains("demo-password"))
            #expect(!output.contains("check-password-1"))
            let range = NSRange(output.startIndex..., in: output)
            #expect(tokenPattern.firstMatch(in: output, range: range) == nil, "a token leaked: \(output.prefix(300))")
        }
    }
}

@Suite struct TargetSelectionTests {
    @Test func baseURLFromTheEnvironmentIsChecked() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        var environment = LiveHarness.credentials
        environment["APICHECK_BASE_URL"] = server.baseURL.absoluteString
        let result = await LiveHarness.cli(["live", "--only", "topics.list,config.main"], environment: environment)
        #expect(result.code == 0)
        #expect(!result.err.contains("bundled sandbox"))
        #expect(result.out.hasPrefix("apicheck live  \(server.baseURL.absoluteString)  2 endpoints"))
    }
}

/// A package's own tool over its own API, without a sandbox: what the README's three lines give.
@Suite struct OwnToolTests {
    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api, name: "democheck").run(arguments, console: console, environment: [:])
        return (code, captured.out, captured.err)
    }

    @Test func helpUsesItsNameAndOffersNoSandbox() async {
        let help = await run(["--help"])
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("usage: democheck <command> [options]"))
        #expect(!help.out.contains("sandbox"))
        let sandbox = await run(["sandbox"])
        #expect(sandbox.code == 2)
        #expect(sandbox.err.hasPrefix("democheck: unknown command 'sandbox'"))
    }

    @Test func liveNeedsATargetWithoutASandbox() async {
        let result = await run(["live"])
        #expect(result.code == 2)
        #expect(result.err.contains("no target: give --base-url URL, --env local|staging or set APICHECK_BASE_URL"), "\(result.err)")
    }

    /// proxy's upstream is --upstream, --env or $APICHECK_BASE_URL: without any and without a
    /// sandbox it names those three, each an option its help lists, and its help promises no
    /// sandbox unconditionally.
    @Test func proxyNeedsAnUpstreamWithoutASandbox() async throws {
        let result = await run(["proxy", "--port", "0"])
        #expect(result.code == 2)
        #expect(
            result.err == "democheck proxy: no upstream: give --upstream URL, --env local|staging or set APICHECK_BASE_URL\n",
            "\(result.err)")
        let help = await run(["proxy", "--help"])
        let named = result.err.matches(of: /--[a-z-]+/).map { String($0.output) }
        #expect(named == ["--upstream", "--env"])
        for option in named { #expect(help.out.contains("[\(option) "), "\(option) is no option of proxy: \(help.out)") }
        #expect(
            help.out.contains("(default: --env's URL, $APICHECK_BASE_URL, else the bundled sandbox if the tool has one)"), "\(help.out)")
    }
}
