import Foundation
import Synchronization

/// A clock tests move by hand, so token expiry needs no sleeping.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: Double) {
        current.withLock { $0 += seconds }
    }
}
