/// The sandbox's only source of variety. Demo data and tokens are pure functions of an index through
/// this mixer, so two sandboxes started anywhere answer byte for byte the same.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A stable pseudo-random number for item `index` of a data set named by `salt`.
    static func hash(_ index: Int, salt: UInt64) -> UInt64 {
        mix(UInt64(truncatingIfNeeded: index) &* 0x1000_0000_01B3 ^ salt)
    }

    /// A stable pseudo-random number in `range` for item `index` of the data set `salt`.
    static func pick(_ index: Int, salt: UInt64, in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(hash(index, salt: salt) % UInt64(range.count))
    }

    /// Lowercase hex of `count` digits, stable for `index` and `salt`.
    static func hex(_ index: Int, salt: UInt64, count: Int) -> String {
        var generator = SplitMix64(seed: hash(index, salt: salt))
        var text = ""
        while text.count < count {
            let word = String(generator.next(), radix: 16)
            text += String(repeating: "0", count: 16 - word.count) + word
        }
        return String(text.prefix(count))
    }

    /// An uppercase version-4-style UUID string, stable for `index` and `salt`.
    static func uuid(_ index: Int, salt: UInt64) -> String {
        var digits = Array(hex(index, salt: salt, count: 32).uppercased())
        digits[12] = "4"
        digits[16] = ["8", "9", "A", "B"][Int(hash(index, salt: salt ^ 0xABCD) % 4)]
        let text = String(digits)
        let cuts = [0, 8, 12, 16, 20, 32]
        return zip(cuts, cuts.dropFirst()).map { start, end in
            String(text.dropFirst(start).prefix(end - start))
        }.joined(separator: "-")
    }
}
