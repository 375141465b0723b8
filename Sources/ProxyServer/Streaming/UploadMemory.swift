import Synchronization

/// The bytes all request bodies streamed upstream hold at once (`ProxyOptions.uploadMemory`):
/// each is booked when it starts streaming, at what its buffers hold (its stream and libcurl's
/// upload buffer), and given back when its exchange ends, however it ends. An upload that would
/// pass the cap is not forwarded but answered 503 at once, and counted: the connection caps
/// bound how many uploads there are, this bounds what they hold together.
final class UploadMemory: Sendable {
    let limit: Int
    private let held = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Books `bytes`; false (the upload refused, and counted) when they would pass the cap.
    func reserve(_ bytes: Int) -> Bool {
        guard held.add(bytes, ordering: .relaxed).newValue > limit else { return true }
        held.subtract(bytes, ordering: .relaxed)
        refused.add(1, ordering: .relaxed)
        return false
    }

    func release(_ bytes: Int) {
        held.subtract(bytes, ordering: .relaxed)
    }

    /// Bytes booked now.
    var heldBytes: Int { held.load(ordering: .relaxed) }

    /// Uploads answered 503 because the cap was full.
    var refusedCount: Int { refused.load(ordering: .relaxed) }
}
