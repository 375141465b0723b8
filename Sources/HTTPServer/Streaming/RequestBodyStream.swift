import Synchronization

/// A request body a handler gets while it arrives (`ServerRequest.bodyStream`), instead of
/// gathered: a proxy passes it upstream piece by piece.
///
/// Bounded: it holds at most `capacity` bytes (plus what was gathered before the body passed
/// the server's threshold). While it is full, the server leaves the client's bytes unread in
/// libmicrohttpd's buffer with the connection suspended, so TCP holds the client back; a read
/// that makes room resumes it.
public final class RequestBodyStream: Sendable {
    /// What one `read` got.
    public enum Read: Equatable, Sendable {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing buffered yet: `whenReadable`'s handler is called when there is.
        case empty
        /// The body ended whole.
        case end
        /// The client left before the body ended.
        case broken
    }

    private struct State {
        var buffer: [UInt8]
        var finished = false
        var broken = false
        /// The reader found nothing: its handler is due at the next byte or at the end.
        var reader: (@Sendable () -> Void)?
        var readerWaits = false
        /// The server's suspension while the buffer was full, resumed by a read that makes room.
        var waiting: UInt?
        var suspended: SuspendedConnections?
    }

    private let state: Mutex<State>
    /// Bytes held before the client is held back.
    public let capacity: Int
    /// The Content-Length the client announced; nil for a chunked body.
    public let length: Int?
    /// The most its buffer holds: `capacity`, or what was gathered before the body passed the
    /// server's threshold (a chunked body) when that was more.
    public let bufferBytes: Int

    init(capacity: Int, length: Int?, gathered: [UInt8] = [], suspended: SuspendedConnections?) {
        self.capacity = capacity
        self.length = length
        bufferBytes = max(capacity, gathered.count)
        state = Mutex(State(buffer: gathered, suspended: suspended))
    }

    /// Copies what is buffered into `target`, up to its size.
    public func read(into target: UnsafeMutableRawBufferPointer) -> Read {
        var wake: (suspended: SuspendedConnections, key: UInt)?
        let read = state.withLock { state -> Read in
            guard state.buffer.isEmpty else {
                let count = min(target.count, state.buffer.count)
                state.buffer.withUnsafeBytes { target.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
                state.buffer.removeFirst(count)
                if let key = state.waiting, state.buffer.count < capacity, let suspended = state.suspended {
                    state.waiting = nil
                    wake = (suspended, key)
                }
                return .bytes(count)
            }
            if state.broken { return .broken }
            if state.finished { return .end }
            state.readerWaits = true
            return .empty
        }
        if let wake { wake.suspended.resume(wake.key) }
        return read
    }

    /// Called (from a server thread) after a `read` found nothing, once bytes or the end have come.
    public func whenReadable(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            state.reader = handler
            guard state.readerWaits, !state.buffer.isEmpty || state.finished || state.broken else { return false }
            state.readerWaits = false
            return true
        }
        if now { handler() }
    }

    /// Whether the client left before the body ended.
    public var isBroken: Bool { state.withLock { $0.broken } }

    /// Takes what fits of `bytes`; when not all of it fits, suspends `connection` until a read
    /// makes room and returns the suspension's key (nil when the server is stopping, and then the
    /// connection is not suspended).
    func offer(_ bytes: UnsafeRawBufferPointer, connection: OpaquePointer) -> (taken: Int, suspension: UInt?) {
        var reader: (@Sendable () -> Void)?
        let offered = state.withLock { state -> (taken: Int, suspension: UInt?) in
            let taken = max(0, min(bytes.count, capacity - state.buffer.count))
            if taken > 0 {
                state.buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<taken]))
                reader = takeReader(&state)
            }
            guard taken < bytes.count else { return (taken, nil) }
            let key = state.suspended?.suspend(connection)
            state.waiting = key
            return (taken, key)
        }
        reader?()
        return offered
    }

    /// The server's suspension ended (room, an early answer, a client that left): a later read
    /// must not resume it.
    func serverResumed() {
        state.withLock { $0.waiting = nil }
    }

    /// The body ended whole (`broken`: the client left first).
    func finish(broken: Bool = false) {
        let reader = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.finished, !state.broken else { return nil }
            if broken {
                state.broken = true
                state.buffer = []
            } else {
                state.finished = true
            }
            state.waiting = nil
            return takeReader(&state)
        }
        reader?()
    }

    private func takeReader(_ state: inout State) -> (@Sendable () -> Void)? {
        guard state.readerWaits else { return nil }
        state.readerWaits = false
        return state.reader
    }
}
