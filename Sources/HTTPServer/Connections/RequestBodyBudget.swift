import Synchronization

/// The bytes of request bodies being received at once, over all connections of one server.
/// Requests book what they will hold before holding it and give it back when they complete.
final class RequestBodyBudget: Sendable {
    private let limit: Int
    private let small: Int
    private let booked = Mutex(0)

    init(limit: Int, small: Int) {
        self.limit = limit
        self.small = small
    }

    /// Books `bytes` more for a body that will then hold `total` bytes; false when they do not fit.
    /// A body of at most `small` bytes in all always fits.
    func book(_ bytes: Int, total: Int) -> Bool {
        booked.withLock { booked in
            guard total <= small || booked + bytes <= limit else { return false }
            booked += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        booked.withLock { $0 -= bytes }
    }

    /// Bytes booked now.
    var inFlight: Int { booked.withLock { $0 } }
}
