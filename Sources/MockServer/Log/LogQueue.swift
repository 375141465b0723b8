import Foundation
import Synchronization

/// Log lines on their way to a consumer that may stall (a pager, a terminal held with Ctrl-S, a
/// slow log collector): `append` never waits. One thread of its own hands the lines to the sink
/// in order; while the sink is stuck, lines past `capacity` are dropped and counted, and the
/// count is logged once the sink takes lines again.
public final class LogQueue: Sendable {
    private let core: Core

    /// - Parameters:
    ///   - capacity: lines held for the sink at most; the rest are dropped.
    ///   - sink: writes one line; may block for as long as its consumer does.
    public convenience init(capacity: Int = 4096, sink: @escaping @Sendable (String) -> Void) {
        self.init(capacity: capacity, sink: .lines { lines in for line in lines { sink(line) } })
    }

    /// - Parameters:
    ///   - batchSink: writes every line waiting at once, in order: under load one write for many
    ///     requests instead of one each.
    public convenience init(capacity: Int = 4096, batchSink: @escaping @Sendable ([String]) -> Void) {
        self.init(capacity: capacity, sink: .lines(batchSink))
    }

    /// A queue whose sink takes every line waiting at once as one text, each line ended by a
    /// newline: the lines are written into one buffer the queue keeps, with no string made per
    /// line. (A function, not an initializer: a trailing closure would not say which sink it is.)
    public static func writingText(capacity: Int = 4096, _ sink: @escaping @Sendable (String) -> Void) -> LogQueue {
        LogQueue(capacity: capacity, sink: .text(sink))
    }

    private init(capacity: Int, sink: Sink) {
        core = Core(capacity: max(1, capacity), sink: sink)
        let core = core
        let thread = Thread { core.run() }
        thread.name = "apicheck.log"
        thread.start()
    }

    /// How the queue's thread hands lines over.
    enum Sink: Sendable {
        case lines(@Sendable ([String]) -> Void)
        case text(@Sendable (String) -> Void)
    }

    deinit {
        core.finish()
    }

    /// Queues a line for the sink, or drops and counts it when `capacity` lines are waiting.
    public func append(_ line: String) {
        core.append(Pending(head: line, tenths: -1, delay: 0))
    }

    /// Queues a line that ends in a duration, `head` then `12.3 ms` and ` (+200 ms delay)` when
    /// `delay` is set. The end is written by the queue's own thread: the caller, a server's worker,
    /// makes no string of its own (a remembered answer's `head` is the same every time).
    public func append(_ head: String, milliseconds: Double, delay: Int = 0) {
        core.append(Pending(head: head, tenths: Int((max(0, milliseconds) * 10).rounded()), delay: max(0, delay)))
    }

    /// A line as queued.
    struct Pending: Sendable {
        var head: String
        /// Tenths of a millisecond written after `head`, or -1 for a line complete in `head`.
        var tenths: Int
        var delay: Int

        var text: String {
            guard tenths >= 0 else { return head }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(head.utf8.count + 32)
            write(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        func write(into bytes: inout [UInt8]) {
            bytes.append(contentsOf: head.utf8)
            guard tenths >= 0 else { return }
            Self.appendDecimal(tenths / 10, to: &bytes)
            bytes.append(UInt8(ascii: "."))
            Self.appendDecimal(tenths % 10, to: &bytes)
            bytes.append(contentsOf: " ms".utf8)
            if delay > 0 {
                bytes.append(contentsOf: " (+".utf8)
                Self.appendDecimal(delay, to: &bytes)
                bytes.append(contentsOf: " ms delay)".utf8)
            }
        }

        private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
            if value >= 10 { appendDecimal(value / 10, to: &bytes) }
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
    }

    /// Lines dropped so far because the sink was not taking them.
    public var dropped: Int { core.state.withLock { $0.droppedTotal } }

    /// Waits until every queued line reached the sink, for at most `timeout`; false when the
    /// sink is still behind (a stalled consumer).
    @discardableResult
    public func flush(timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        // Once is enough: the thread's next pause ends at once, and it then takes every line
        // queued before this call.
        core.hurry.signal()
        while ContinuousClock.now < deadline {
            if core.state.withLock({ $0.lines.isEmpty && !$0.writing && $0.dropped == 0 }) { return true }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return false
    }

    final class Core: Sendable {
        struct State {
            var lines: [Pending] = []
            /// Dropped since the sink last took lines, and over the queue's life.
            var dropped = 0
            var droppedTotal = 0
            var writing = false
            /// The queue's thread waits for a first line: only then does an append wake it.
            var idle = false
            var finished = false
        }

        let state = Mutex(State())
        private let capacity: Int
        private let sink: Sink
        private let wake = DispatchSemaphore(value: 0)
        /// Cuts a pause short: a flush or a finish wants the lines now.
        let hurry = DispatchSemaphore(value: 0)
        /// After each write the thread lets lines gather this long: a busy server then pays one
        /// wake-up and one write per pause, not per request (a wake-up costs more than a served
        /// answer). A line still reaches the sink within this of the one before it.
        static let pause: DispatchTimeInterval = .milliseconds(10)

        init(capacity: Int, sink: Sink) {
            self.capacity = capacity
            self.sink = sink
        }

        /// Wakes the queue's thread only when it waits idle for a first line; while it writes or
        /// pauses, lines just gather.
        func append(_ line: Pending) {
            let wakes = state.withLock { state -> Bool in
                guard !state.finished else { return false }
                guard state.lines.count < capacity else {
                    state.dropped += 1
                    state.droppedTotal += 1
                    return false
                }
                state.lines.append(line)
                guard state.idle else { return false }
                state.idle = false
                return true
            }
            if wakes { wake.signal() }
        }

        func finish() {
            state.withLock { $0.finished = true }
            wake.signal()
            hurry.signal()
        }

        /// The queue's thread: takes every waiting line at once, so the lock is held only for a
        /// swap. The taken array comes back emptied for the next swap, and the text buffer is
        /// reused: a busy server's log makes no allocation per line or per batch.
        func run() {
            var spare: [Pending] = []
            var buffer: [UInt8] = []
            while true {
                let sleeps = state.withLock { state -> Bool in
                    state.idle = state.lines.isEmpty && state.dropped == 0 && !state.finished
                    return state.idle
                }
                if sleeps { wake.wait() }
                let (dropped, finished) = state.withLock { state in
                    defer {
                        state.dropped = 0
                        state.writing = true
                        state.idle = false
                    }
                    swap(&state.lines, &spare)
                    return (state.dropped, state.finished)
                }
                var lines = spare
                spare = []
                // The dropped lines came after the queued ones.
                let notice = dropped == 0 ? nil : "(\(dropped) log line\(dropped == 1 ? "" : "s") dropped: the log's reader fell behind)"
                switch sink {
                case let .lines(write):
                    var batch = lines.map(\.text)
                    if let notice { batch.append(notice) }
                    if !batch.isEmpty { write(batch) }
                case let .text(write):
                    buffer.removeAll(keepingCapacity: true)
                    for line in lines {
                        line.write(into: &buffer)
                        buffer.append(UInt8(ascii: "\n"))
                    }
                    if let notice {
                        buffer.append(contentsOf: notice.utf8)
                        buffer.append(UInt8(ascii: "\n"))
                    }
                    if !buffer.isEmpty { write(String(decoding: buffer, as: UTF8.self)) }
                }
                lines.removeAll(keepingCapacity: true)
                spare = lines
                state.withLock { $0.writing = false }
                if finished { return }
                _ = hurry.wait(timeout: .now() + Self.pause)
            }
        }
    }
}
