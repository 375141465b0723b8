/// FNV-1a, 64 bits: a stable hash (Swift's `Hasher` is seeded per process) for fingerprints that
/// must agree across runs and machines. Not a defence against anyone: it names, it does not guard.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        // A separator no UTF-8 text holds, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xFF
        value = value &* 0x100_0000_01b3
    }

    static func hash(_ parts: [String]) -> UInt64 {
        var hasher = FNV1a()
        for part in parts { hasher.add(part) }
        return hasher.value
    }
}
