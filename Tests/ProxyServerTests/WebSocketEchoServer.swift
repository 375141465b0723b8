import Foundation
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A WebSocket server on 127.0.0.1, any free port, small enough to read: the RFC 6455
/// handshake (Sec-WebSocket-Accept from the client's key), then every text frame echoed back
/// until a close frame. A thread per connection; `stop()` shuts the listener down.
final class WebSocketEchoServer: @unchecked Sendable {
    private let listener: LoopbackListener
    var port: Int { listener.port }

    init() throws {
        listener = try LoopbackListener(backlog: 64) { connection in
            Thread.detachNewThread { Self.serve(connection) }
        }
    }

    func stop() {
        listener.stop()
    }

    private static func serve(_ connection: Int32) {
        defer { close(connection) }
        let socket = FrameSocket(connection)
        guard let head = socket.readHead(),
            let key = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("sec-websocket-key:") })
                .map({ $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) })
        else { return }
        socket.write(
            Array(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(acceptValue(for: key))\r\n\r\n").utf8))
        while let (opcode, payload) = socket.readFrame() {
            if opcode == 8 {
                socket.write(FrameSocket.frame(opcode: 8, payload: payload, masked: false))
                return
            }
            socket.write(FrameSocket.frame(opcode: opcode, payload: payload, masked: false))
        }
    }

    /// RFC 6455, 4.2.2: base64 of the SHA-1 of the key and the protocol's GUID.
    static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }
}

/// Blocking reads and writes of a WebSocket connection's head and frames, for both ends in tests.
final class FrameSocket {
    let socket: Int32
    private var buffered: [UInt8] = []

    init(_ socket: Int32) {
        self.socket = socket
    }

    /// The head up to its blank line; bytes after it stay buffered for the frames.
    func readHead() -> String? {
        let end: [UInt8] = [13, 10, 13, 10]
        while true {
            if let split = buffered.indices.dropLast(3).first(where: { buffered[$0..<$0 + 4].elementsEqual(end) }) {
                let head = String(decoding: buffered[..<split], as: UTF8.self)
                buffered.removeFirst(split + 4)
                return head
            }
            guard fill() else { return nil }
        }
    }

    /// What is buffered, or what the next read brings; nil when the connection ended.
    func readSome() -> [UInt8]? {
        if buffered.isEmpty, !fill() { return nil }
        defer { buffered.removeAll() }
        return buffered
    }

    /// One frame's opcode and unmasked payload; nil when the connection ended.
    func readFrame() -> (opcode: UInt8, payload: [UInt8])? {
        guard let first = take(2) else { return nil }
        var length = Int(first[1] & 0x7F)
        if length == 126 {
            guard let extended = take(2) else { return nil }
            length = Int(extended[0]) << 8 | Int(extended[1])
        }
        let mask = first[1] & 0x80 != 0 ? take(4) : nil
        guard var payload = take(length) else { return nil }
        if let mask { for index in payload.indices { payload[index] ^= mask[index % 4] } }
        return (first[0] & 0x0F, payload)
    }

    func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// A final frame; a client's is masked (RFC 6455, 5.3).
    static func frame(opcode: UInt8, payload: [UInt8], masked: Bool) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        guard masked else { return bytes + payload }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    private func take(_ count: Int) -> [UInt8]? {
        while buffered.count < count { guard fill() else { return nil } }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffered += chunk[..<count]
        return true
    }
}

/// SHA-1 (FIPS 180-4), for the WebSocket handshake only: nothing here is a security boundary.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message + [0x80]
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for block in stride(from: 0, to: bytes.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for index in 0..<16 {
                let base = block + index * 4
                w[index] =
                    UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16 | UInt32(bytes[base + 2]) << 8 | UInt32(bytes[base + 3])
            }
            for index in 16..<80 {
                let value = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
                w[index] = value << 1 | value >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch index {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] = h[0] &+ a
            h[1] = h[1] &+ b
            h[2] = h[2] &+ c
            h[3] = h[3] &+ d
            h[4] = h[4] &+ e
        }
        return h.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> UInt32(24 - $0 * 8)) } }
    }
}
