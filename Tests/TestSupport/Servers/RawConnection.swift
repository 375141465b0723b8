import Foundation

/// A bare TCP connection to a test server, for what libcurl will not do: trickle a header byte by
/// byte, stop halfway through a body, or just hold a connection open and see whether the server
/// ends it.
public final class RawConnection {
    public let socket: Int32
    /// Whether the last read ended on a reset (ECONNRESET) rather than an orderly close.
    public private(set) var wasReset = false

    /// Connects to 127.0.0.1:`port`; reads give up after `readTimeout` seconds. A
    /// `receiveBuffer` (bytes) keeps what the kernel buffers for a slow reader small. With a
    /// `connectTimeout` (seconds) a connect the server neither completes nor refuses in that
    /// time throws `ETIMEDOUT` instead of blocking: a listener nobody accepts on leaves a
    /// client's SYN unanswered once its backlog is full.
    public init(port: Int, readTimeout: Int = 10, receiveBuffer: Int32? = nil, connectTimeout: Double? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let flags = fcntl(socket, F_GETFL)
        if connectTimeout != nil { _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK) }
        var connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if let connectTimeout {
            if connected != 0, errno == EINPROGRESS {
                var pending = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                guard poll(&pending, 1, Int32(connectTimeout * 1000)) == 1 else { throw POSIXError(.ETIMEDOUT) }
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
                errno = failure
                connected = failure == 0 ? 0 : -1
            }
            _ = fcntl(socket, F_SETFL, flags)
        }
        // No close here: every property is set, so a throw from now on runs `deinit`, which
        // closes the socket. Closing it here too closed its number twice; by the second time
        // the number could be another thread's descriptor (a server's connection: libmicrohttpd
        // aborted with "Failed to remove FD from epoll set" in a loaded full run).
        guard connected == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// Sends the bytes; false once the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Data(text.utf8))
    }

    /// Sends the bytes, all of them; false once the server has closed the connection.
    @discardableResult
    public func send(_ bytes: Data) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// What the server sent until it closed the connection, or nil when it did not close it
    /// within the read timeout.
    public func readUntilClosed() -> Data? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno == ECONNRESET {
                wasReset = count < 0
                return received
            } else if errno != EINTR {
                return nil
            }
        }
    }

    /// Reads `chunk` bytes at a time, `interval` apart, as a slow client does, until the server
    /// closes the connection or `limit` bytes arrived; returns the bytes read (`wasReset` says
    /// whether the end was a reset).
    public func readSlowly(chunk: Int, interval: Duration, limit: Int) async throws -> Int {
        var total = 0
        var buffer = [UInt8](repeating: 0, count: chunk)
        while total < limit {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                total += count
            } else if count == 0 || errno != EINTR {
                wasReset = count < 0 && errno == ECONNRESET
                return total
            }
            try await Task.sleep(for: interval)
        }
        return total
    }

    /// One answer on a keep-alive connection: its head and as many body bytes as its
    /// `Content-Length` says; nil when the connection closed (or stayed silent past the read
    /// timeout) before the answer was complete.
    public func readAnswer() -> String? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = received.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").lazy.compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                if received.count - end.upperBound >= length { return String(decoding: received, as: UTF8.self) }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(contentsOf: buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return nil
            }
        }
    }

    /// Sends `text` one byte at a time, `interval` apart, until it is all sent or the server
    /// closes the connection; true when the server closed it first.
    public func trickle(_ text: String, interval: Duration) async throws -> Bool {
        for character in text {
            guard send(String(character)) else { return true }
            try await Task.sleep(for: interval)
        }
        return false
    }
}
