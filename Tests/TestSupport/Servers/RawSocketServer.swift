import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A TCP server on 127.0.0.1, any free port, that reads each request's head, writes fixed bytes
/// and closes the connection: for answers no HTTP server library would send (a header block cut
/// short).
public final class RawSocketServer: @unchecked Sendable {
    private let listener: LoopbackListener
    public var port: Int { listener.port }

    public init(reply: Data) throws {
        listener = try LoopbackListener { connection in
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

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    public func stop() {
        listener.stop()
    }
}

extension Data {
    fileprivate func contains(_ bytes: String.UTF8View) -> Bool { range(of: Data(bytes)) != nil }
}
