internal import CMicroHTTPD
import Foundation

extension HTTPServerConfiguration {
    /// What the C shim takes: 0 for a thread per connection, else the pool's size.
    var threadPoolSize: UInt32 {
        switch threadModel {
        case .threadPerConnection: 0
        case let .pool(threads): UInt32(clamping: max(1, threads))
        case .loops: 1
        }
    }

    /// What the C shim takes: 0 unless the caller runs the loops.
    var loopCount: Int {
        if case let .loops(count) = threadModel { return max(1, count) }
        return 0
    }

    /// A pool's threads each keep one list of their connections by last activity for
    /// libmicrohttpd's idle timeout, and move a connection in it on every read and write: at a
    /// thousand connections those moves cost more than answering. In a pool the deadlines hold
    /// the idle timeout instead. A thread per connection keeps libmicrohttpd's own (a timer of
    /// the connection's own, no shared list).
    var keepsIdleTimeoutItself: Bool { threadPoolSize > 0 }
}

extension HTTPServer {
    /// Queues a handler's answer, after its delay. A thread-per-connection server sleeps on the
    /// connection's own thread; a pool server must not, so it suspends the connection and resumes
    /// it from a timer: libmicrohttpd then calls the access handler again, which finds the answer
    /// in `pending` (or drops it when the client left meanwhile).
    static func answer(
        _ response: ServerResponse, to incoming: IncomingRequest, on connection: OpaquePointer,
        context: HandlerContext
    ) -> MHD_Result {
        if let deferred = response.deferred { return awaitAnswer(deferred, to: incoming, on: connection, context: context) }
        if let upgrade = response.upgrade { return queueUpgrade(response, upgrade, to: incoming, on: connection, context: context) }
        guard response.delay > 0 else { return queue(response, on: connection, context: context) }
        guard !context.threadPerConnection else {
            Thread.sleep(forTimeInterval: response.delay)
            return queue(response, on: connection, context: context)
        }
        var waiting = response
        waiting.delay = 0
        // The server's own turn: neither the body deadline nor the send deadline runs meanwhile.
        context.deadlines.bodyReceived(connection)
        guard let key = context.suspended.suspend(connection, for: response.delay) else {
            return queue(waiting, on: connection, context: context)
        }
        incoming.pending = waiting
        incoming.suspension = key
        return .YES
    }

    /// A handler's later answer. A thread-per-connection server waits for it on the connection's
    /// own thread; a pool server suspends the connection until `send`, with no timer: the sweep
    /// still resumes it, abandoned, when its client hangs up meanwhile.
    private static func awaitAnswer(
        _ deferred: DeferredResponse, to incoming: IncomingRequest, on connection: OpaquePointer,
        context: HandlerContext
    ) -> MHD_Result {
        guard !context.threadPerConnection else {
            return answer(deferred.wait(), to: incoming, on: connection, context: context)
        }
        context.deadlines.bodyReceived(connection)
        guard let key = context.suspended.suspend(connection) else {
            return .NO
        }
        incoming.deferred = deferred
        incoming.suspension = key
        let suspended = context.suspended
        deferred.whenSent { suspended.resume(key) }
        return .YES
    }

    /// The answer that waited out its delay, or nothing when its client hung up meanwhile.
    static func resumed(_ incoming: IncomingRequest, on connection: OpaquePointer, context: HandlerContext) -> MHD_Result? {
        if let deferred = incoming.deferred {
            incoming.deferred = nil
            let key = incoming.suspension
            incoming.suspension = nil
            if let key, context.suspended.wasAbandoned(key) {
                deferred.abandon()
                return .NO
            }
            // Resumed by a stopping server before the answer came: the connection closes.
            guard let response = deferred.response else {
                deferred.abandon()
                return .NO
            }
            return answer(response, to: incoming, on: connection, context: context)
        }
        guard let pending = incoming.pending else { return nil }
        incoming.pending = nil
        if let key = incoming.suspension {
            incoming.suspension = nil
            if context.suspended.wasAbandoned(key) { return .NO }
        }
        return queue(pending, on: connection, context: context)
    }

    /// A body that goes out `bytes` at a time with a pause before each piece. A pool server
    /// suspends the connection for each pause (no thread waits); a thread-per-connection server
    /// sleeps on the connection's thread.
    static func dribbledResponse(
        _ body: Data, bytes: Int, pause: Double, on connection: OpaquePointer,
        context: HandlerContext
    ) -> OpaquePointer? {
        let dribble = DribbledBody(
            body, chunk: max(1, bytes), pause: max(0, pause), connection: connection,
            suspended: context.threadPerConnection ? nil : context.suspended)
        let cls = Unmanaged.passRetained(dribble).toOpaque()
        let response = MHD_create_response_from_callback(
            UInt64(body.count), dribble.chunk,
            { cls, position, buffer, max in
                guard let cls, let buffer else { return -2 }
                return Unmanaged<DribbledBody>.fromOpaque(cls).takeUnretainedValue().read(at: position, into: buffer, max: max)
            },
            cls,
            { cls in
                guard let cls else { return }
                Unmanaged<DribbledBody>.fromOpaque(cls).release()
            })
        if response == nil { Unmanaged<DribbledBody>.fromOpaque(cls).release() }
        return response
    }
}
