import Foundation
import Synchronization

/// One connection's phase and since when, in one atomic word: the thread serving the connection
/// moves it without a lock, the deadline timer reads it and cuts a late one. Time is the coarse
/// monotonic clock in milliseconds: the deadlines are seconds long, and reading it costs no
/// more than a load.
final class TrackedConnection: Sendable {
    enum Phase: UInt64 {
        /// Waiting for a request header (a fresh connection, or keep-alive after an answer).
        case header
        case body
        /// In the handler, or waiting out a delay: the server's turn, no deadline.
        case serving
        /// The answer is queued: the client has the send timeout (plus `allowance`) to read it.
        case sending
        /// Shut down, waiting for libmicrohttpd to close it.
        case cut
        /// Handed over after a 101 answer (a tunnel): whoever took it keeps its deadlines.
        case upgraded
    }

    struct State: Equatable {
        var phase: Phase
        var since: Int64
    }

    let socket: Int32
    /// The phase in the low 3 bits, the milliseconds since it began above them.
    private let word: Atomic<UInt64>
    /// Milliseconds the server itself takes over the answer being sent (a dribbled body).
    private let extra = Atomic<Int64>(0)

    init(socket: Int32) {
        self.socket = socket
        word = Atomic(Self.pack(State(phase: .header, since: Self.now())))
    }

    var state: State {
        let value = word.load(ordering: .relaxed)
        return State(phase: Phase(rawValue: value & 7) ?? .cut, since: Int64(value >> 3))
    }

    var allowance: Int64 { extra.load(ordering: .relaxed) }

    /// A connection already cut stays cut; one handed over after a 101 stays handed over.
    func move(to phase: Phase, allowance: Duration = .zero) {
        let old = word.load(ordering: .relaxed)
        guard old & 7 != Phase.cut.rawValue, old & 7 != Phase.upgraded.rawValue else { return }
        if phase == .sending { extra.store(Self.milliseconds(allowance), ordering: .relaxed) }
        // Only the timer changes it meanwhile, and only to `cut`, which then stays.
        _ = word.compareExchange(expected: old, desired: Self.pack(State(phase: phase, since: Self.now())), ordering: .relaxed)
    }

    /// Marks it cut unless it moved since `seen`; true when this call cut it.
    func cut(from seen: State) -> Bool {
        word.compareExchange(
            expected: Self.pack(seen), desired: Self.pack(State(phase: .cut, since: seen.since)),
            ordering: .relaxed
        ).exchanged
    }

    private static func pack(_ state: State) -> UInt64 {
        UInt64(max(0, state.since)) << 3 | state.phase.rawValue
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    static func milliseconds(_ seconds: Double) -> Int64 { Int64((max(0, seconds) * 1000).rounded(.up)) }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
