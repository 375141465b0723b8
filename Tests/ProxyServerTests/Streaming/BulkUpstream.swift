import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// An upstream on 127.0.0.1, any free port, that answers every connection with one large
/// answer (its head as given, its body with a Content-Length or chunked) and then closes it. It
/// counts what it has sent, and notes how far it got when its client stopped taking bytes: a
/// send that stays blocked is the proxy holding it back.
final class BulkUpstream: @unchecked Sendable {
    private let listener: LoopbackListener
    private let progress = Progress()
    var port: Int { listener.port }

    private final class Progress: Sendable {
        let sent = Atomic<Int>(0)
        let heldBackAt = Atomic<Int>(-1)
        let finished = Atomic<Bool>(false)
    }

    /// Bytes of the last answer sent so far.
    var sent: Int { progress.sent.load(ordering: .relaxed) }
    /// Where the last answer stood when its sends stayed blocked; -1 while they never did.
    var heldBackAt: Int { progress.heldBackAt.load(ordering: .relaxed) }
    /// The last answer went out whole.
    var finished: Bool { progress.finished.load(ordering: .relaxed) }

    init(head: String, body: [UInt8], chunked: Bool = false) throws {
        var wire = Array((head + (chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(body.count)") + "\r\n\r\n").utf8)
        if chunked {
            // Chunks of an odd size, so that no chunk boundary falls where a buffer's does.
            var start = 0
            while start < body.count {
                let end = min(body.count, start + 7919)
                wire += Array((String(end - start, radix: 16) + "\r\n").utf8) + body[start..<end] + [13, 10]
                start = end
            }
            wire += Array("0\r\n\r\n".utf8)
        } else {
            wire += body
        }
        let answer = wire
        let progress = progress
        listener = try LoopbackListener { connection in
            Thread.detachNewThread {
                _ = FrameSocket(connection).readHead()
                progress.sent.store(0, ordering: .relaxed)
                progress.finished.store(false, ordering: .relaxed)
                _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
                var offset = 0
                while offset < answer.count {
                    let count = answer[offset...].withUnsafeBytes {
                        send(connection, $0.baseAddress, min($0.count, 64 << 10), Int32(MSG_NOSIGNAL))
                    }
                    if count > 0 {
                        offset += count
                        progress.sent.store(offset, ordering: .relaxed)
                        continue
                    }
                    guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { break }
                    // A reader that keeps up makes room within moments; one that is held back
                    // never does. The wait only tells the two apart; the test asserts bytes.
                    var ready = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, 2000) == 0 {
                        _ = progress.heldBackAt.compareExchange(expected: -1, desired: offset, ordering: .relaxed)
                        _ = poll(&ready, 1, -1)
                    }
                }
                progress.finished.store(offset == answer.count, ordering: .relaxed)
                close(connection)
            }
        }
    }

    /// `count` bytes that repeat no short pattern: a lost, doubled or moved piece shows.
    static func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var state: UInt32 = 2_463_534_242
            for index in 0..<count {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                buffer[index] = UInt8(truncatingIfNeeded: state)
            }
        }
        return bytes
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    func stop() {
        listener.stop()
    }
}
