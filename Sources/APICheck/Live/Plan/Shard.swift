/// One part of a run split across machines: shard `index` of `count` (1-based, as CI matrices
/// count). An endpoint belongs to the shard its id hashes to (FNV-1a over the id's UTF-8), so the
/// partition is the same on every machine and every run, and declaring a new endpoint moves no
/// other one to another shard. What a shard's endpoints need first (the login, `.seen` sources,
/// `after:`) runs there too, unreported, as `--only` runs it.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Nil unless 1 ≤ `index` ≤ `count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, 1-based: `2/4`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether endpoint `id` is this shard's.
    public func contains(_ id: String) -> Bool {
        Int(Self.hash(id) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits: stable across processes and machines, unlike `Hasher`.
    static func hash(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The shard a CI runner's environment names, when no `--shard` is given: GitLab's
    /// `CI_NODE_INDEX`/`CI_NODE_TOTAL` (1-based), else a Kubernetes Indexed Job's
    /// `JOB_COMPLETION_INDEX` (0-based) with `APICHECK_SHARDS` for the total, which Kubernetes
    /// does not set (without it the index alone splits nothing: an indexed job may run one
    /// service per index). Nil when none is set, or the total is 1; a value that is set but wrong
    /// is an error naming the variables.
    public static func fromEnvironment(_ environment: [String: String]) throws(ShardError) -> Shard? {
        func number(_ name: String) -> Int?? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .none }
            return .some(Int(text))
        }
        if let index = number("CI_NODE_INDEX"), let total = number("CI_NODE_TOTAL") {
            guard let index, let total, let shard = Shard(index: index, count: total) else {
                throw ShardError(
                    "CI_NODE_INDEX=\(environment["CI_NODE_INDEX"] ?? "") and CI_NODE_TOTAL=\(environment["CI_NODE_TOTAL"] ?? "") "
                        + "name no shard (1 ≤ index ≤ total)")
            }
            return shard.count == 1 ? nil : shard
        }
        if let index = number("JOB_COMPLETION_INDEX"), let total = number("APICHECK_SHARDS") {
            guard let index, let total, let shard = Shard(index: index + 1, count: total) else {
                throw ShardError(
                    "JOB_COMPLETION_INDEX=\(environment["JOB_COMPLETION_INDEX"] ?? "") and "
                        + "APICHECK_SHARDS=\(environment["APICHECK_SHARDS"] ?? "") name no shard (0 ≤ index < total)")
            }
            return shard.count == 1 ? nil : shard
        }
        return nil
    }
}
