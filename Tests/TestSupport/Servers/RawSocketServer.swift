import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A TCP server on 127.0.0.1, any free port, that reads each request's head, writes fixed bytes
/// and closes the connection: for answers no HTTP server library would send (a header block cut
/// short). `stop()` shuts the listening socket down, which ends its thread; the thread closes it,
/// so that its next `accept` never reaches a descriptor another test opened under the same number.
public final class RawSocketServer: @unchecked Sendable {
    public let port: Int
    private let listener: Int32

    public init(reply: Data) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, generic, &length) == 0
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
                var head = Data()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !head.contains("\r\n\r\n".utf8) {
                    let count = recv(connection, &buffer, buffer.count, 0)
                    guard count > 0 else { break }
                    head.append(contentsOf: buffer[0..<count])
                }
                reply.withUnsafeBytes { _ = send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
        }
    }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }
}

extension Data {
    fileprivate func contains(_ bytes: String.UTF8View) -> Bool { range(of: Data(bytes)) != nil }
}
