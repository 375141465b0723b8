import APICheck
import Testing

/// The partition `--shard K/N` runs: every endpoint in exactly one shard, the same one on every
/// machine, and a new endpoint moves no other.
@Suite struct ShardTests {
    static let ids = (0..<2000).map { "catalog.group\($0 % 37).endpoint\($0)" }

    @Test(arguments: 1...8)
    func everyEndpointIsInExactlyOneShard(count: Int) {
        let shards = (1...count).map { Shard(index: $0, count: count)! }
        for id in Self.ids { #expect(shards.count { $0.contains(id) } == 1, "\(id) in \(count) shards") }
        // Hashing spreads them: no shard of 2,000 holds less than half its share.
        for shard in shards { #expect(Self.ids.count { shard.contains($0) } > 2000 / count / 2, "\(shard)") }
    }

    /// Fixed values, worked out by FNV-1a outside Swift: a process-seeded hash (Swift's `Hasher`) would put an endpoint in another
    /// shard on every run, and two machines would run some twice and others never.
    @Test func theShardOfAnIdIsTheSameEverywhere() {
        #expect((1...4).filter { Shard(index: $0, count: 4)!.contains("account.login") } == [4])
        #expect((1...4).filter { Shard(index: $0, count: 4)!.contains("topics.list") } == [2])
        // Adding an endpoint moves no other one.
        let before = Self.ids.map { id in (1...8).first { Shard(index: $0, count: 8)!.contains(id) } }
        let after = (Self.ids + ["a.new.endpoint"]).prefix(Self.ids.count).map { id in
            (1...8).first { Shard(index: $0, count: 8)!.contains(id) }
        }
        #expect(before == after)
    }

    @Test(arguments: ["0/4", "5/4", "1/0", "2", "a/b", "-1/3", "1/4/2", ""])
    func aShardThatIsNoneIsRefused(_ text: String) {
        #expect(Shard(text) == nil)
    }

    @Test func theCIRunnersVariablesNameTheShard() throws {
        #expect(try Shard.fromEnvironment(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]) == Shard(index: 2, count: 4))
        // A Kubernetes index counts from 0, and the total is ours to give.
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "APICHECK_SHARDS": "3"]) == Shard(index: 1, count: 3))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3"]) == nil)
        #expect(try Shard.fromEnvironment(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "1"]) == nil)
        #expect(try Shard.fromEnvironment([:]) == nil)
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["CI_NODE_INDEX": "5", "CI_NODE_TOTAL": "4"]) }
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "APICHECK_SHARDS": "3"]) }
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "4"]) }
    }
}
