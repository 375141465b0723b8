import Dispatch
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An upstream of server-sent events on 127.0.0.1, any free port: to each connection it answers
/// `text/event-stream`, chunked, with a first event, then holds the stream open until `release`
/// is signalled (the test's client has read the first event), sends a second and ends.
final class EventStreamServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    let release = DispatchSemaphore(value: 0)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
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
        let release = self.release
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    close(listener)
                    return
                }
                let socket = FrameSocket(connection)
                _ = socket.readHead()
                socket.write(
                    Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
                        + Self.chunk("data: first\n\n"))
                release.wait()
                socket.write(Self.chunk("data: second\n\n") + Array("0\r\n\r\n".utf8))
                close(connection)
            }
        }
    }

    static func chunk(_ text: String) -> [UInt8] {
        Array((String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n").utf8)
    }

    func stop() {
        release.signal()
        shutdown(listener, Int32(SHUT_RDWR))
    }
}
