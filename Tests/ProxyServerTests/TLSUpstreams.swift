import Dispatch
import Foundation
import HTTPServer
import Synchronization
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// `https` upstreams for the tunnels, on the server module with a fixture certificate: a
/// WebSocket echo, an event stream, and a relay in front of one that holds its first
/// connection without a byte (a TLS handshake that never ends).
enum TLSUpstreams {
    /// Answers an upgrade with its 101 (the accept value from the client's key) and echoes every
    /// frame back until a close frame or the connection's end.
    static func webSocketEcho(certificate: String = "server") throws -> EchoServer {
        let echoes = DispatchGroup()
        let server = try TestServer(configuration: TLSFixtures.serverTLS(certificate)) { request in
            let key = request.header("Sec-WebSocket-Key") ?? ""
            var answer = ServerResponse(
                status: 101,
                headers: [
                    ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                    ("Sec-WebSocket-Accept", WebSocketEchoServer.acceptValue(for: key)),
                ])
            answer.upgrade = { connection in
                guard let connection else { return }
                echoes.enter()
                Thread.detachNewThread {
                    defer {
                        connection.close()
                        echoes.leave()
                    }
                    // libmicrohttpd's end of a TLS connection may come non-blocking; the echo reads blocking.
                    _ = fcntl(connection.socket, F_SETFL, fcntl(connection.socket, F_GETFL) & ~O_NONBLOCK)
                    let socket = FrameSocket(connection.socket)
                    while let (opcode, payload) = socket.readFrame() {
                        socket.write(FrameSocket.frame(opcode: opcode, payload: payload, masked: false))
                        if opcode == 8 { return }
                    }
                }
            }
            return answer
        }
        return EchoServer(server: server, echoes: echoes)
    }

    /// A WebSocket echo over TLS, and its connections still being echoed.
    struct EchoServer {
        let server: TestServer
        let echoes: DispatchGroup
        var port: Int { server.server.port }
        var requests: [ServerRequest] { server.requests }

        /// Stops once every echo has closed its connection: libmicrohttpd crashes when a daemon
        /// is stopped while an upgraded TLS connection is being closed.
        func stop() {
            _ = echoes.wait(timeout: .now() + 30)
            server.stop()
        }
    }

    /// Answers `text/event-stream` with `first`, holds the stream until `release` is signalled,
    /// then sends `second` and ends it.
    static func eventStream(first: String, second: String, release: DispatchSemaphore) throws -> TestServer {
        var configuration = try TLSFixtures.serverTLS()
        // A stream with nothing to send suspends its connection, which a pool's threads do.
        configuration.threadModel = .pool(threads: 2)
        return try TestServer(configuration: configuration) { _ in
            let stream = ResponseStream()
            var answer = ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")])
            answer.stream = stream
            stream.push(Array(first.utf8))
            Thread.detachNewThread {
                release.wait()
                stream.push(Array(second.utf8))
                stream.finish()
            }
            return answer
        }
    }
}

/// A TCP relay on 127.0.0.1 in front of `target`: it holds its first connection open without
/// a byte either way (signalling `holding`), and relays every later one both ways.
final class HoldingRelay: @unchecked Sendable {
    let holding = DispatchSemaphore(value: 0)
    private let listener: LoopbackListener
    private let held = Held()
    var port: Int { listener.port }

    /// The first connection, once accepted; the listener's thread and the test's share it.
    private final class Held: Sendable {
        let socket = Mutex<Int32?>(nil)
    }

    init(target: Int) throws {
        let held = self.held, holding = self.holding
        listener = try LoopbackListener(backlog: 16) { connection in
            let first = held.socket.withLock { socket in
                guard socket == nil else { return false }
                socket = connection
                return true
            }
            if first {
                holding.signal()
                return
            }
            let upstream = Self.connect(to: target)
            guard upstream >= 0 else {
                close(connection)
                return
            }
            // Each direction shuts its target's sending side when its source ends; the last
            // one to end closes both, so neither writes to a number already closed.
            let ends = Atomic(0)
            for (source, target) in [(connection, upstream), (upstream, connection)] {
                Thread.detachNewThread {
                    Self.pipe(from: source, to: target)
                    if ends.add(1, ordering: .acquiringAndReleasing).newValue == 2 {
                        close(connection)
                        close(upstream)
                    }
                }
            }
        }
    }

    private static func connect(to port: Int) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return -1
        }
        return socket
    }

    private static func pipe(from source: Int32, to target: Int32) {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = recv(source, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            var sent = 0
            while sent < count {
                let wrote = chunk[sent..<count].withUnsafeBytes { send(target, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard wrote > 0 else { return }
                sent += wrote
            }
        }
        shutdown(target, Int32(SHUT_WR))
    }

    /// Ends the held connection and stops listening; again, it does nothing.
    func stop() {
        // Taken out, so that a second stop closes nothing.
        if let connection = held.socket.withLock({ socket in
            defer { socket = -1 }; return socket
        }), connection >= 0 {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
        listener.stop()
    }
}
