import Glibc

/// Non-blocking reads and writes of a client's socket, for the tunnel thread.
enum SocketIO {
    /// Reads what `socket` has, up to `room` bytes; false when it ended or failed.
    static func fill(_ buffer: inout [UInt8], from socket: Int32, room: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: min(room, 16 << 10))
        let got = recv(socket, &chunk, chunk.count, 0)
        if got > 0 {
            buffer.append(contentsOf: chunk[0..<got])
            return true
        }
        if got == 0 { return false }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }

    /// Writes what `socket` takes of `buffer`; false when it failed.
    static func flush(_ buffer: inout [UInt8], to socket: Int32) -> Bool {
        guard !buffer.isEmpty else { return true }
        let sent = buffer.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent > 0 {
            buffer.removeFirst(sent)
            return true
        }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }
}
