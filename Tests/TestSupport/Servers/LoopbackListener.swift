import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A listening socket on a loopback address (127.0.0.1 and any free port by default), and the
/// thread that accepts on it, handing each connection to `accepted` on that thread. `stop()`
/// shuts the socket down, which ends the thread; the thread closes it.
///
/// Tests run side by side in one process, so a descriptor number is reused by another test's
/// socket as soon as it is closed: once the thread has closed the listener, nothing may touch its
/// number again. A second `stop()` (a `defer` beside an explicit stop) would otherwise shut
/// down whatever socket holds the number now (another test's server connection, whose client
/// then sees its request reset), so the state below decides, under one lock, which of the two
/// acts.
public final class LoopbackListener: @unchecked Sendable {
    public let port: Int
    private let listener: Int32

    private enum State {
        case listening
        /// `stop()` shut it down; the thread closes it.
        case stopping
        /// The thread closed it; its number may be another socket's now.
        case closed
    }

    private let state = Mutex(State.listening)

    /// - Parameters:
    ///   - address: the IPv4 address to listen on (any of 127.0.0.0/8).
    ///   - port: 0 for any free port.
    public init(address: String = "127.0.0.1", port: Int = 0, backlog: Int32 = 16, accepted: @escaping @Sendable (Int32) -> Void)
        throws
    {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // A fixed port may still have connections of an earlier listener in TIME_WAIT.
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        self.listener = listener
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        socketAddress.sin_addr.s_addr = inet_addr(address)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, backlog) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        self.port = Int(UInt16(bigEndian: socketAddress.sin_port))
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection >= 0 {
                    accepted(connection)
                    continue
                }
                let failure = errno
                let closed = self.state.withLock { state in
                    // A connection that left while queued, or a signal: the listener is still there.
                    if state == .listening, failure == EINTR || failure == ECONNABORTED { return false }
                    state = .closed
                    close(listener)
                    return true
                }
                if closed { return }
            }
        }
    }

    /// Stops listening; a second call, or one after the listener failed, does nothing. Returns
    /// whether this call stopped it.
    @discardableResult
    public func stop() -> Bool {
        state.withLock { state in
            guard state == .listening else { return false }
            state = .stopping
            shutdown(listener, Int32(SHUT_RDWR))
            return true
        }
    }
}
