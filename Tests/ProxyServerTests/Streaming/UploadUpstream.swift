import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// An upstream on 127.0.0.1, any free port, that takes one upload per connection and notes what
/// it saw: the head, the body bytes as they came (a chunked body decoded), whether its client
/// went away before the body ended. How it answers is its `Behaviour`.
final class UploadUpstream: @unchecked Sendable {
    enum Behaviour {
        /// Reads the whole body, then answers 200 with the body's length.
        case sink
        /// Answers 413 after the first body bytes, then reads and drops the rest.
        case refuseEarly
        /// Reads no body at all until its client goes (a request without one is answered 200).
        case stall
    }

    private let listener: LoopbackListener
    private let seen = Seen()
    var port: Int { listener.port }

    private final class Seen: Sendable {
        let heads = Mutex<[String]>([])
        let body = Mutex<[UInt8]>([])
        let bodyBytes = Atomic<Int>(0)
        let cutShort = Atomic<Int>(0)
        let ended = Atomic<Int>(0)
    }

    /// The heads of the requests, in order.
    var heads: [String] { seen.heads.withLock { $0 } }
    /// The last upload's body as it arrived (dechunked).
    var body: [UInt8] { seen.body.withLock { $0 } }
    /// Body bytes of the last upload seen so far.
    var bodyBytes: Int { seen.bodyBytes.load(ordering: .relaxed) }
    /// Uploads whose connection ended before their body did.
    var cutShort: Int { seen.cutShort.load(ordering: .relaxed) }
    /// Connections that have ended.
    var ended: Int { seen.ended.load(ordering: .relaxed) }

    init(_ behaviour: Behaviour) throws {
        let seen = seen
        listener = try LoopbackListener { connection in
            Thread.detachNewThread {
                defer {
                    seen.ended.add(1, ordering: .relaxed)
                    close(connection)
                }
                let socket = FrameSocket(connection)
                while let head = socket.readHead() {
                    seen.heads.withLock { $0.append(head) }
                    seen.body.withLock { $0 = [] }
                    seen.bodyBytes.store(0, ordering: .relaxed)
                    var reader = BodyReader(head: head)
                    var refused = false
                    if behaviour == .stall, !reader.done {
                        // POLLRDHUP (0x2000): the peer closed its end; nothing is read meanwhile.
                        var watched = pollfd(fd: connection, events: 0x2000, revents: 0)
                        while poll(&watched, 1, -1) >= 0, watched.revents == 0 {}
                        seen.cutShort.add(1, ordering: .relaxed)
                        return
                    }
                    while !reader.done {
                        guard let bytes = socket.readSome() else {
                            seen.cutShort.add(1, ordering: .relaxed)
                            return
                        }
                        let body = reader.take(bytes)
                        seen.body.withLock { $0 += body }
                        seen.bodyBytes.add(body.count, ordering: .relaxed)
                        if behaviour == .refuseEarly, !refused, !body.isEmpty {
                            refused = true
                            socket.write(Array("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 9\r\n\r\ntoo large".utf8))
                        }
                    }
                    if !refused {
                        socket.write(
                            Array("HTTP/1.1 200 OK\r\nContent-Length: \(String(reader.total).utf8.count)\r\n\r\n\(reader.total)".utf8))
                    }
                }
            }
        }
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    func stop() {
        listener.stop()
    }
}

/// A request body read off the wire: Content-Length bytes, or chunks up to the last one.
struct BodyReader {
    private var remaining: Int
    private let chunked: Bool
    private var pending: [UInt8] = []
    /// A chunk's data has ended; its CRLF has not been taken yet.
    private var afterChunk = false
    private(set) var done: Bool
    private(set) var total = 0

    init(head: String) {
        let lines = head.lowercased().split(separator: "\r\n")
        chunked = lines.contains { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }
        let length = lines.first { $0.hasPrefix("content-length:") }.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
        remaining = chunked ? 0 : length ?? 0
        done = !chunked && remaining == 0
    }

    /// The body bytes among `bytes` (framing taken off).
    mutating func take(_ bytes: [UInt8]) -> [UInt8] {
        guard chunked else {
            let body = Array(bytes.prefix(remaining))
            remaining -= body.count
            total += body.count
            done = remaining == 0
            return body
        }
        pending += bytes
        var body: [UInt8] = []
        while !done {
            if remaining > 0 {
                let count = min(remaining, pending.count)
                guard count > 0 else { break }
                body += pending[0..<count]
                pending.removeFirst(count)
                remaining -= count
                afterChunk = remaining == 0
                continue
            }
            if afterChunk {
                guard pending.count >= 2 else { break }
                pending.removeFirst(2)
                afterChunk = false
            }
            guard let end = pending.indices.dropLast().first(where: { pending[$0] == 13 && pending[$0 + 1] == 10 }) else { break }
            let size = Int(String(decoding: pending[..<end], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            pending.removeFirst(end + 2)
            if size == 0 {
                done = true
            } else {
                remaining = size
            }
        }
        total += body.count
        return body
    }
}
