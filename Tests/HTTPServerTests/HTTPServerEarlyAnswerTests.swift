import Foundation
import HTTPServer
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// An answer a handler gives before a streamed body has ended: a large body is not read only to
/// be dropped (the answer goes out first, or the connection closes), a small rest still is, so
/// that the answer comes after it and the connection stays usable.
@Suite struct HTTPServerEarlyAnswerTests {
    /// A pool server that streams bodies past 256 KiB and answers every streamed one 413 at once.
    static func refusingServer() throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.threadModel = .pool(threads: 2)
        configuration.streamsRequestBodiesPast = 256 << 10
        let server = HTTPServer(configuration: configuration) { request in
            if request.bodyStream != nil { return ServerResponse(status: 413, body: Data("too large".utf8)) }
            return ServerResponse(body: Data("\(request.body.count)".utf8))
        }
        try server.start()
        return server
    }

    @Test func anAnswerGivenAtOnceToALargeUploadGoesOutBeforeTheBodyIsRead() async throws {
        let server = try Self.refusingServer()
        defer { server.stop() }
        let client = try Client(port: server.port)
        defer { close(client.socket) }
        let upload = Upload(client.socket, head: "POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(64 << 20)\r\n\r\n", body: 64 << 20)
        let head = try #require(client.readHead(), "the connection closed without the answer")
        #expect(head.hasPrefix("HTTP/1.1 413"), "\(head)")
        await upload.finished()
        // The client's small send buffer and the server's receive buffer, not the body.
        #expect(upload.sent < 16 << 20, "the server read \(upload.sent >> 20) MiB of a body it had answered")
    }

    @Test func aSmallRestAfterAnEarlyAnswerIsReadAndTheConnectionKept() async throws {
        let server = try Self.refusingServer()
        defer { server.stop() }
        let client = try Client(port: server.port)
        defer { close(client.socket) }
        let body = 768 << 10
        let upload = Upload(client.socket, head: "POST /rest HTTP/1.1\r\nHost: x\r\nContent-Length: \(body)\r\n\r\n", body: body)
        let head = try #require(client.readHead(), "the connection closed without the answer")
        #expect(head.hasPrefix("HTTP/1.1 413"), "\(head)")
        await upload.finished()
        #expect(upload.sent == body)
        #expect(client.readBody(of: head) == "too large")
        Upload.send(Array("POST /next HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello".utf8), on: client.socket)
        let next = try #require(client.readHead(), "the connection did not outlive the early answer")
        #expect(next.hasPrefix("HTTP/1.1 200"))
        #expect(client.readBody(of: next) == "5")
    }

    /// A body sent on its own thread as fast as the server takes it, with a small send buffer so
    /// that what the server read is what `sent` says, give or take its receive buffer.
    final class Upload: Sendable {
        private let count = Atomic<Int>(0)
        private let done = Atomic<Bool>(false)

        init(_ socket: Int32, head: String, body: Int) {
            var small: Int32 = 64 << 10
            setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            Thread.detachNewThread { [self] in
                Self.send(Array(head.utf8), on: socket)
                let block = [UInt8](repeating: 0x75, count: 1 << 20)
                var left = body
                while left > 0 {
                    let piece = min(left, block.count)
                    let sent = Self.send(Array(block[..<piece]), on: socket) { self.count.add($0, ordering: .releasing) }
                    guard sent == piece else { break }
                    left -= piece
                }
                done.store(true, ordering: .releasing)
            }
        }

        var sent: Int { count.load(ordering: .acquiring) }

        /// Waits until the body is out or the connection refused the rest; a minute's failsafe
        /// fails the test rather than hanging it.
        func finished() async {
            let failsafe = ContinuousClock.now + .seconds(60)
            while !done.load(ordering: .acquiring), ContinuousClock.now < failsafe { try? await Task.sleep(for: .milliseconds(10)) }
        }

        @discardableResult
        static func send(_ bytes: [UInt8], on socket: Int32, counted: (Int) -> Void = { _ in }) -> Int {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { break }
                sent += count
                counted(count)
            }
            return sent
        }
    }

    /// A loopback client reading answers off its socket.
    final class Client {
        let socket: Int32
        private var buffered: [UInt8] = []

        init(port: Int) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(socket)
                throw CocoaError(.fileReadUnknown)
            }
        }

        /// The head up to its blank line; nil when the connection ended first.
        func readHead() -> String? {
            while true {
                if let end = buffered.indices.dropLast(3).first(where: { buffered[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) {
                    defer { buffered.removeFirst(end + 4) }
                    return String(decoding: buffered[..<end], as: UTF8.self)
                }
                guard fill() else { return nil }
            }
        }

        /// The body after `head`, by its Content-Length.
        func readBody(of head: String) -> String {
            let length =
                head.lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            while buffered.count < length, fill() {}
            defer { buffered.removeFirst(min(length, buffered.count)) }
            return String(decoding: buffered.prefix(length), as: UTF8.self)
        }

        private func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffered += chunk[..<count]
            return true
        }
    }
}
