import Foundation

/// The copy of a streamed body kept for its check: up to `cap` bytes, held against the checks'
/// budget as the bodies waiting for their checks are, and let go at once when the body passes
/// the cap or the budget is full. An answer streamed to its client and a request body streamed
/// upstream each keep one, touched from one thread at a time.
struct CheckedCopy {
    let cap: Int
    private let checks: CheckQueue
    private var bytes = Data()
    private var reserved = 0
    /// The copy was let go because the checks' budget was full.
    private(set) var refused = false
    /// Body bytes seen so far.
    private(set) var length = 0

    init(cap: Int, checks: CheckQueue) {
        self.cap = cap
        self.checks = checks
    }

    /// The body as it came, for the check; nil when it passed `cap` or the budget.
    var data: Data? { length > cap || refused ? nil : bytes }

    mutating func keep(_ piece: UnsafeRawBufferPointer) {
        length += piece.count
        if length <= cap, !refused {
            if checks.reserve(bytes: piece.count) {
                reserved += piece.count
                bytes.append(contentsOf: piece)
            } else {
                refused = true
            }
        }
        if (length > cap || refused) && reserved > 0 {
            bytes = Data()
            release()
        }
    }

    /// Gives the copy's bytes back to the budget: the check that reads it books them again.
    mutating func release() {
        checks.release(bytes: reserved)
        reserved = 0
    }
}
