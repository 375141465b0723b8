import APICheck
import APICheckCLI
import Foundation
import MockServer
import TestSupport
import Testing

/// `live --shard K/N` and `record --shard K/N` through the command line against `serve` over a
/// socket: the shards together check and record every endpoint once, each with what it needs run
/// first, and a shard of nothing exits 0 and says so.
@Suite(.serialized) struct ShardOverServeTests {
    func cli(_ arguments: [String], environment: [String: String] = [:]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: RoomsAPI.api).run(
            arguments, console: console, environment: environment,
            workingDirectory: FileManager.default.temporaryDirectory)
        return (code, captured.out, captured.err)
    }

    @Test func theShardsTogetherCheckAndRecordEveryEndpointOnce() async throws {
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        let harness = try ServeHarness(api: RoomsAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let base = harness.server.baseURL.absoluteString
        let all = Set(RoomsAPI.api.endpoints.map(\.id))
        let folder = try TemporaryFolder("shards")
        defer { folder.remove() }
        for count in [1, 2, 3, 5] {
            var checked: [String] = [], recorded: [String] = []
            for index in 1...count {
                let report = folder.url.appendingPathComponent("live-\(index)-\(count).json").path
                let live = await cli([
                    "live", "--base-url", base, "--mocks", mocks.url.path, "--shard", "\(index)/\(count)",
                    "--report", "json:" + report,
                ])
                #expect(live.code == 0, "live --shard \(index)/\(count): \(live.err)")
                let document = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: report)))
                #expect(document["shard"]?["index"]?.int64Value == Int64(index) && document["shard"]?["count"]?.int64Value == Int64(count))
                if case let .array(results)? = document["results"] {
                    for result in results where result["role"]?.stringValue == "endpoint" {
                        checked.append(result["endpoint"]?.stringValue ?? "-")
                    }
                }
                let into = try TemporaryFolder("shard-record")
                defer { into.remove() }
                let record = await cli(["record", "--base-url", base, "--mocks", into.url.path, "--shard", "\(index)/\(count)"])
                #expect(record.code == 0, "record --shard \(index)/\(count): \(record.err)")
                recorded += try FileManager.default.contentsOfDirectory(atPath: into.url.path)
            }
            #expect(checked.sorted() == all.sorted(), "\(count) shards checked \(checked.sorted())")
            #expect(recorded.sorted() == RoomsAPI.api.endpoints.map { $0.mock + ".json" }.sorted(), "\(count) shards recorded")
        }
    }

    /// `--only` with `--shard`: each shard runs its part of the selection, not of every endpoint,
    /// so the shards together check the selection once.
    @Test func theShardsOfAnOnlyRunCheckTheSelectionOnce() async throws {
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        let harness = try ServeHarness(api: RoomsAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let folder = try TemporaryFolder("shards-only")
        defer { folder.remove() }
        for count in [2, 3] {
            var checked: [String] = []
            for index in 1...count {
                let report = folder.url.appendingPathComponent("only-\(index)-\(count).json").path
                let live = await cli([
                    "live", "--base-url", harness.server.baseURL.absoluteString, "--mocks", mocks.url.path,
                    "--only", "rooms.messages", "--shard", "\(index)/\(count)", "--report", "json:" + report,
                ])
                #expect(live.code == 0, "live --only --shard \(index)/\(count): \(live.err)")
                guard FileManager.default.fileExists(atPath: report) else { continue }
                let document = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: report)))
                if case let .array(results)? = document["results"] {
                    for result in results where result["role"]?.stringValue == "endpoint" {
                        checked.append(result["endpoint"]?.stringValue ?? "-")
                    }
                }
            }
            #expect(checked == ["rooms.messages"], "\(count) shards checked \(checked)")
        }
    }

    @Test func aShardOfNothingExitsZeroAndSaysSo() async throws {
        let mocks = try RoomsAPI.mockFolder()
        defer { mocks.remove() }
        let harness = try ServeHarness(api: RoomsAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let count = RoomsAPI.api.endpoints.count * 8
        let empty = try #require(
            (1...count).first { index in
                RoomsAPI.api.endpoints.allSatisfy { !Shard(index: index, count: count)!.contains($0.id) }
            })
        let live = await cli(
            ["live", "--base-url", harness.server.baseURL.absoluteString, "--mocks", mocks.url.path],
            environment: ["CI_NODE_INDEX": String(empty), "CI_NODE_TOTAL": String(count)])
        #expect(live.code == 0)
        #expect(live.err.contains("shard \(empty)/\(count) holds none of the \(RoomsAPI.api.endpoints.count) endpoints"), "\(live.err)")
        let wrong = await cli(["live", "--base-url", harness.server.baseURL.absoluteString, "--shard", "3/2"])
        #expect(wrong.code == 2 && wrong.err.contains("'3/2' is not a shard"), "\(wrong.err)")
    }
}
