internal import CMicroHTTPD
import Foundation
import Synchronization

/// A connection the server handed over after a 101 answer (`ServerResponse.upgrade`): from then
/// on its bytes are the handler's to read and write on `socket`, which it must not close itself;
/// `close` ends it (libmicrohttpd owns the descriptor, and on HTTPS it is one end of a pair
/// whose other end libmicrohttpd encrypts).
public final class UpgradedConnection: @unchecked Sendable {
    // @unchecked: the handle is only passed to libmicrohttpd's close, once, guarded by `closed`.
    public let socket: Int32
    /// What the client sent after its request's head before the 101 went out: the first bytes
    /// of the upgraded stream, to be treated as if read from `socket`.
    public let early: Data
    private let handle: OpaquePointer
    private let closed = Atomic(false)
    /// Tells the connection's loop, when the caller runs it, that the close awaits it.
    private let closing: @Sendable () -> Void

    init(socket: Int32, early: Data, handle: OpaquePointer, closing: @escaping @Sendable () -> Void) {
        self.socket = socket
        self.early = early
        self.handle = handle
        self.closing = closing
    }

    /// Ends the connection; later calls do nothing.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = cmhd_upgrade_close(handle)
        closing()
    }
}
