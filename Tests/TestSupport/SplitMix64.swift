/// A small, fast, deterministic generator (Steele, Lea and Flood's SplitMix64): the same seed
/// gives the same values on every platform and Swift version, which `SystemRandomNumberGenerator`
/// does not, so a property test's failing case can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `chance`.
    public mutating func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &self) < chance }

    /// One of `items`, which must not be empty.
    public mutating func pick<C: Collection>(_ items: C) -> C.Element {
        items[items.index(items.startIndex, offsetBy: int(0...(items.count - 1)))]
    }

    /// `count` characters drawn from `alphabet`.
    public mutating func string(_ alphabet: [Character], count: Int) -> String {
        String((0..<count).map { _ in pick(alphabet) })
    }
}
