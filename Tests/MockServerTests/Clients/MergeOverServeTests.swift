import APICheck
import APICheckCLI
import Foundation
import MockServer
import TestSupport
import Testing

/// `merge` on a second, unlike API (Rooms: no envelope, its own auth) checked against `serve`:
/// the shards' reports merge into what one unsharded run reports, results in declaration order,
/// in every format; the OpenMetrics report of the merge is a whole run's.
@Suite(.serialized) struct MergeOverServeTests {
    func cli(_ arguments: [String], in folder: URL) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: RoomsAPI.api).run(
            arguments, console: console, environment: ["APICHECK_RUN_ID": "rooms-1"],
            workingDirectory: folder)
        return (code, captured.out, captured.err)
    }

    static func endpointResults(_ file: URL) throws -> [String] {
        let document = try JSONParser.parse(try Data(contentsOf: file))
        guard case let .array(results)? = document["results"] else { return [] }
        return results.filter { $0["role"]?.stringValue == "endpoint" }.map { result in
            [
                result["name"]?.stringValue ?? "-", result["outcome"]?.stringValue ?? "-",
                result["passed"] == .bool(true) ? "passed" : "failed",
            ]
            .joined(separator: " ")
        }
    }

    @Test func theShardsMergeIntoTheUnshardedRunsReport() async throws {
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        let harness = try ServeHarness(api: RoomsAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let folder = try TemporaryFolder("merge-rooms")
        defer { folder.remove() }
        let base = ["--base-url", harness.server.baseURL.absoluteString, "--mocks", mocks.url.path]
        let whole = await cli(["live"] + base + ["--report", "json:whole.json"], in: folder.url)
        #expect(whole.code == 0, "\(whole.err)")
        let expected = try Self.endpointResults(folder.url.appendingPathComponent("whole.json"))
        #expect(expected.count == RoomsAPI.api.endpoints.count)
        for count in [2, 3, 5] {
            var files: [String] = []
            for index in 1...count {
                let file = "rooms-\(index)-\(count).json"
                let live = await cli(["live"] + base + ["--shard", "\(index)/\(count)", "--report", "json:" + file], in: folder.url)
                #expect(live.code == 0, "\(live.err)")
                files.append(file)
            }
            let merged = await cli(
                ["merge"] + files + ["--report", "json:merged.json", "--report", "openmetrics:merged.prom", "--report", "text"],
                in: folder.url)
            #expect(merged.code == 0, "\(merged.err)")
            #expect(try Self.endpointResults(folder.url.appendingPathComponent("merged.json")) == expected, "\(count) shards")
            #expect(merged.out.contains("\(RoomsAPI.api.endpoints.count) endpoints"), "\(merged.out)")
            let metrics = try String(contentsOf: folder.url.appendingPathComponent("merged.prom"), encoding: .utf8)
            #expect(metrics.contains(#"apicheck_run_verdict{api="\#(RoomsAPI.api.name)",environment="",shard="",verdict="holds"} 1"#))
        }
    }
}
