/// W3C Trace Context (`traceparent`) for a run: one trace id for the whole run, one span id per
/// step, so that a backend's own traces find the run's requests. Made from the run id, the trace
/// id is the same in every shard of a run: a CI matrix's jobs land in one trace.
public struct TraceContext: Sendable, Equatable {
    /// 32 lower-case hex digits, never all zero.
    public let traceID: String

    /// The step under way's `traceparent`, read by `TraceContextTransport` for every request the
    /// step sends and by the step's result.
    @TaskLocal public static var current: String?

    /// A run id that is a UUID gives its own 128 bits; any other text is hashed to 128 bits
    /// (two FNV-1a hashes), the same on every machine.
    public init(runID: String) {
        let hex = runID.lowercased().filter { $0 != "-" }
        if hex.count == 32, hex.allSatisfy(\.isHexDigit), hex.contains(where: { $0 != "0" }) {
            traceID = hex
        } else {
            traceID = Self.hex(Self.hash(runID, seed: 0xCBF2_9CE4_8422_2325)) + Self.hex(Self.hash(runID, seed: 0x8422_2325_CBF2_9CE4) | 1)
        }
    }

    /// `00-<trace id>-<span id>-01`: version 0, sampled; each call gives a new span id.
    public func traceparent() -> String {
        "00-\(traceID)-\(Self.hex(UInt64.random(in: 1...UInt64.max)))-01"
    }

    private static func hash(_ text: String, seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
