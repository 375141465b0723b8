import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A listening socket on 127.0.0.1, any free port, and the thread that accepts on it, handing
/// each connection to `accepted` on that thread. `stop()` shuts the socket down, which ends the
/// thread; the thread closes it, so that its next `accept` never reaches a descriptor another
/// test opened under the same number.
public final class LoopbackListener: @unchecked Sendable {
    public let port: Int
    private let listener: Int32

    public init(backlog: Int32 = 16, accepted: @escaping @Sendable (Int32) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, backlog) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    close(listener)
                    return
                }
                accepted(connection)
            }
        }
    }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }
}
