import APICheck
import APICheckCLI
import Foundation
import TestSupport
import Testing

/// `--except` on `live` and `record`: its ids are checked, the session's own endpoints refused,
/// and what it names is neither checked nor sent.
@Suite struct ExceptOptionTests {
    @Test func liveNeitherChecksNorSendsWhatItNames() async {
        let run = await LiveHarness.cli(["live", "--except", "topics.like", "--except", "topics.unlike"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("topics.list") && !run.out.contains("topics.like") && !run.out.contains("topics.unlike"), "\(run.out)")
    }

    @Test func itComposesWithOnly() async {
        let run = await LiveHarness.cli(["live", "--no-probes", "--only", "topics.list,topics.like", "--except", "topics.like"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("1 endpoint ok"), "\(run.out)")
        #expect(!run.out.contains("topics.like"), "\(run.out)")
    }

    @Test func unknownIdsAndTheSessionsOwnEndpointsAreUsageErrors() async {
        let unknown = await LiveHarness.cli(["live", "--except", "topics.nope"])
        #expect(unknown.code == 2 && unknown.err.contains("--except: no endpoint 'topics.nope'"), "\(unknown.err)")
        for session in ["account.login", "account.logout"] {
            let run = await LiveHarness.cli(["live", "--except", session])
            #expect(run.code == 2 && run.err.contains("--except: \(session) is the session's own endpoint"), "\(run.err)")
        }
        let empty = await LiveHarness.cli(["record", "--except", " ", "--dry-run"])
        #expect(empty.code == 2 && empty.err.contains("--except needs endpoint ids"), "\(empty.err)")
    }

    @Test func recordLeavesItOut() async throws {
        let folder = try TemporaryFolder("except-record")
        defer { folder.remove() }
        let record = await LiveHarness.cli(
            ["record", "--only", "topics.list,topics.like", "--except", "topics.like", "--dry-run", "--mocks", folder.url.path])
        #expect(record.code == 0, "\(record.err)")
        #expect(record.out.contains("topics") && !record.out.contains("topic_like"), "\(record.out)")
    }
}
