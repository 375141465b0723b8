import Foundation

/// Runs a property over many generated cases. Each case has a generator of its own, seeded from
/// the run's seed and the case's number, so one failing case replays alone: every expectation
/// carries the `label` (`seed 0x… case 17`), and `APICHECK_PROPERTY_SEED=0x…` replays that seed.
public enum PropertyCheck {
    /// The seed every run uses unless the environment names another: the suite stays deterministic.
    public static let defaultSeed: UInt64 = 0x00A9_1C4E_C2026

    public static var seed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["APICHECK_PROPERTY_SEED"] else { return defaultSeed }
        let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
        return UInt64(digits, radix: text.hasPrefix("0x") ? 16 : 10) ?? defaultSeed
    }

    /// `body(random, label)` for cases `0..<count`.
    public static func run(
        _ count: Int, seed: UInt64 = seed,
        _ body: (_ random: inout SplitMix64, _ label: String) throws -> Void
    ) rethrows {
        for index in 0..<count {
            var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
            var random = SplitMix64(seed: mixer.next())
            try body(&random, "seed 0x\(String(seed, radix: 16)) case \(index)")
        }
    }
}
