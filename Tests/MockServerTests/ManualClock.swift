import Synchronization

/// A clock that moves only when a test moves it: token lifetimes are checked without waiting
/// and without depending on how loaded the machine is.
final class ManualClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    func advance(by duration: Duration) { offset.withLock { $0 += duration } }

    var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
}
