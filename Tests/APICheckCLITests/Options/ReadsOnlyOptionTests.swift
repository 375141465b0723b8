import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import Foundation
import TestSupport
import Testing

/// `--reads-only` on `live` and `record`: read by both, composed with `--only`, and said on stderr.
@Suite struct ReadsOnlyOptionTests {
    @Test func liveChecksTheReadsOfTheSelectionOnly() async {
        let run = await LiveHarness.cli(["live", "--reads-only", "--only", "statuses.show,topics.list,topics.like,account.register"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("statuses.show") && run.out.contains("topics.list"), "\(run.out)")
        #expect(!run.out.contains("topics.like") && !run.out.contains("account.register"), "\(run.out)")
        #expect(run.err.contains("--reads-only: 2 writes are neither checked nor sent"), "\(run.err)")
    }

    @Test func theWholeRunSaysWhichSessionEndpointsStillGo() async {
        let run = await LiveHarness.cli(["live", "--reads-only", "--no-probes"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err.contains("--reads-only: 3 writes are neither checked nor sent; the session's "), "\(run.err)")
        #expect(!run.out.contains("topics.like"), "\(run.out)")
    }

    @Test func aTokenIssuedBeforehandIsNeverSaidToBeLoggedOut() async {
        var api = Demo.api
        api.auth = .preIssued(variable: "DEMO_TOKEN", placement: .header("token", prefix: ""))
        let (console, captured) = Console.capturing()
        var environment = LiveHarness.credentials
        environment["DEMO_TOKEN"] = "issued-beforehand"
        _ = await APICheckTool(api: api, sandbox: DemoSandboxLauncher()).run(
            ["live", "--reads-only", "--no-probes"], console: console, environment: environment,
            workingDirectory: FileManager.default.temporaryDirectory)
        let run = (out: captured.out, err: captured.err)
        // The logout is one of them: a token the run did not open is never logged out.
        #expect(run.err.contains("--reads-only: 6 writes are neither checked nor sent\n"), "\(run.err)")
        #expect(!run.err.contains("account.logout"), "\(run.err)")
    }

    @Test func bothCommandsTakeItAndSayIt() async throws {
        for command in ["live", "record"] {
            let help = await LiveHarness.cli([command, "--help"])
            #expect(help.out.contains("--reads-only"), "\(command): \(help.out)")
        }
        let folder = try TemporaryFolder("reads-only-record")
        defer { folder.remove() }
        let record = await LiveHarness.cli(
            ["record", "--reads-only", "--only", "topics.list,topics.like", "--dry-run", "--mocks", folder.url.path])
        #expect(record.code == 0, "\(record.err)")
        #expect(record.err.contains("--reads-only: 1 write is neither checked nor sent"), "\(record.err)")
        #expect(record.out.contains("topics") && !record.out.contains("topics_like"), "\(record.out)")
    }
}
