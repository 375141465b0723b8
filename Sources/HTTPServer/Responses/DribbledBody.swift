import Foundation

/// The state of one dribbled body, touched only by the thread serving its connection.
final class DribbledBody {
    let bytes: Data
    let chunk: Int
    private let pause: Double
    private let connection: OpaquePointer
    private let suspended: SuspendedConnections?
    private var due: DispatchTime
    private var suspension: UInt?

    init(_ bytes: Data, chunk: Int, pause: Double, connection: OpaquePointer, suspended: SuspendedConnections?) {
        self.bytes = bytes
        self.chunk = chunk
        self.pause = pause
        self.connection = connection
        self.suspended = suspended
        due = .now() + pause
    }

    /// libmicrohttpd's content reader: the next piece when its pause is over; else the connection
    /// is suspended until then and 0 says "nothing yet". -1 ends the body, -2 breaks it off.
    func read(at position: UInt64, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        if let key = suspension {
            suspension = nil
            if suspended?.wasAbandoned(key) == true { return -2 }
        }
        guard position < UInt64(bytes.count) else { return -1 }
        let now = DispatchTime.now()
        if now < due {
            let wait = Double(due.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
            guard let suspended else {
                Thread.sleep(forTimeInterval: wait)
                return read(at: position, into: buffer, max: max)
            }
            guard let key = suspended.suspend(connection, for: wait) else { return -2 }
            suspension = key
            return 0
        }
        let start = Int(position)
        let count = Swift.min(chunk, max, bytes.count - start)
        bytes.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + start, byteCount: count)
        }
        due = .now() + pause
        return count
    }
}
