/// A transfer started with `CurlTransport.start(_:completion:)`, to cancel it when its answer is
/// no longer wanted (a proxy's client left).
public struct CurlTransferHandle: Sendable {
    private let cancelTransfer: @Sendable () -> Void

    init(cancel: @escaping @Sendable () -> Void) {
        cancelTransfer = cancel
    }

    /// Drops the transfer; its completion gets a `CancellationError` unless it already had its
    /// answer. Safe from any thread, any number of times.
    public func cancel() {
        cancelTransfer()
    }
}
