import Dispatch
import Foundation
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// An upstream of server-sent events on 127.0.0.1, any free port: to each connection it answers
/// `text/event-stream`, chunked, with a first event, then holds the stream open until `release`
/// is signalled (the test's client has read the first event), sends a second and ends.
final class EventStreamServer: @unchecked Sendable {
    let release: DispatchSemaphore
    private let listener: LoopbackListener
    var port: Int { listener.port }

    init() throws {
        let release = DispatchSemaphore(value: 0)
        self.release = release
        listener = try LoopbackListener { connection in
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

    static func chunk(_ text: String) -> [UInt8] {
        Array((String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n").utf8)
    }

    func stop() {
        release.signal()
        listener.stop()
    }
}
