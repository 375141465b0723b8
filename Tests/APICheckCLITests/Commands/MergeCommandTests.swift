import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import Foundation
import Sandbox
import TestSupport
import Testing

/// `live --shard K/N` then `merge` through the command line over the demo and its sandbox: the
/// merged report finds what one unsharded run finds, for n = 1…8, with the same verdict and
/// exit code; a missing shard is named.
@Suite(.serialized) struct MergeCommandTests {
    /// Mocks a little stale, so that the runs have findings to compare: a field renamed, a type changed.
    static let edits: [MockEdit] = [
        .replace(file: "user_show.json", "\"friends_count\"", with: "\"friendsCount\""),
        .replace(file: "user_show.json", "\"verified\": false", with: "\"verified\": \"no\""),
        .replace(file: "topics.json", "\"likeNum\": 50", with: "\"likeNum\": \"50\""),
    ]

    func cli(_ arguments: [String], mocks: URL, in folder: URL) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        var environment = LiveHarness.credentials
        environment["APICHECK_MOCKS"] = mocks.path
        environment["APICHECK_RUN_ID"] = "merge-test"
        let code = await APICheckTool(api: Demo.api, sandbox: DemoSandboxLauncher()).run(
            arguments, console: console, environment: environment, workingDirectory: folder)
        return (code, captured.out, captured.err)
    }

    /// What must be equal, timings and what differs per run (request paths, unique values) aside.
    struct Digest: Equatable {
        var endpoints: [String]
        var findings: [String]
        var runFindings: [String]
        /// Each probe result's probe and endpoint, sorted: a probe run twice shows twice.
        var probes: [String]
        var verdict: String?
        var exitCode: Int64?
    }

    static func digest(_ file: URL) throws -> Digest {
        let document = try JSONParser.parse(try Data(contentsOf: file))
        func text(_ finding: JSONValue) -> String {
            ["kind", "severity", "category", "endpoint", "path", "expected", "found", "message"]
                .map { finding[$0]?.stringValue ?? "-" }.joined(separator: " | ")
        }
        var endpoints: [String] = [], findings: [String] = [], probes: [String] = []
        if case let .array(results)? = document["results"] {
            for result in results {
                if case let .array(list)? = result["findings"] { findings += list.map(text) }
                switch result["role"]?.stringValue {
                case "endpoint":
                    endpoints.append(
                        ["name", "status", "outcome", "skipped"].map {
                            result[$0]?.stringValue ?? result[$0]?.int64Value.map(String.init) ?? "-"
                        }
                        .joined(separator: " ") + (result["passed"] == .bool(true) ? " passed" : " failed"))
                case "probe":
                    probes.append(result["name"]?.stringValue ?? "-")
                default:
                    break
                }
            }
        }
        var runFindings: [String] = []
        if case let .array(list)? = document["runFindings"] { runFindings = list.map(text) }
        return Digest(
            endpoints: endpoints, findings: findings.sorted(), runFindings: runFindings.sorted(), probes: probes.sorted(),
            verdict: document["verdict"]?.stringValue, exitCode: document["exitCode"]?.int64Value)
    }

    @Test func mergedShardsFindWhatOneRunFinds() async throws {
        let mocks = try MockEdit.copy(of: LiveHarness.mocks, with: Self.edits)
        defer { mocks.remove() }
        let folder = try TemporaryFolder("merge")
        defer { folder.remove() }
        let whole = await cli(["live", "--report", "json:whole.json"], mocks: mocks.url, in: folder.url)
        let expected = try Self.digest(folder.url.appendingPathComponent("whole.json"))
        #expect(!expected.findings.isEmpty, "the stale mocks give the runs findings to compare")
        for count in 1...8 {
            var files: [String] = []
            for index in 1...count {
                let file = "shard-\(index)-of-\(count).json"
                let live = await cli(
                    ["live", "--shard", "\(index)/\(count)", "--report", "json:" + file], mocks: mocks.url, in: folder.url)
                #expect(live.code == whole.code, "live --shard \(index)/\(count): \(live.err)")
                files.append(file)
            }
            let merged = await cli(
                ["merge"] + files.reversed() + ["--report", "json:merged-\(count).json", "--report", "junit:merged-\(count).xml"],
                mocks: mocks.url, in: folder.url)
            #expect(merged.code == whole.code, "merge of \(count): \(merged.err)")
            let digest = try Self.digest(folder.url.appendingPathComponent("merged-\(count).json"))
            // Each probe runs once, in the shard owning the endpoint the whole run would probe.
            #expect(digest.probes == expected.probes, "\(count) shards")
            #expect(digest == expected, "\(count) shards")
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("merged-\(count).xml").path))
        }
        let missing = await cli(["merge", "shard-1-of-3.json", "shard-3-of-3.json"], mocks: mocks.url, in: folder.url)
        #expect(missing.code == 2 && missing.err.contains("shard 2/3 is missing"), "\(missing.err)")
        let nothing = await cli(["merge", "no-such.json"], mocks: mocks.url, in: folder.url)
        #expect(nothing.code == 2 && nothing.err.contains("cannot read no-such.json"), "\(nothing.err)")
    }
}
