internal import CMicroHTTPD
import Foundation
import Synchronization

/// A small HTTP/1.1 server on libmicrohttpd, for the sandbox and for tests.
///
/// Each connection gets its own thread, so a handler may block (tests sleep in handlers to
/// simulate slow endpoints) while other connections are served. Keep-alive works. The limits of
/// `HTTPServerConfiguration` (deadlines, connection caps, a budget for request bodies) keep it
/// answering new clients while others trickle bytes or hold uploads open.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

    /// Request bodies past this size are answered 413 without reaching the handler (the
    /// default of `HTTPServerConfiguration.maxRequestBody`).
    public static let maxRequestBody = HTTPServerConfiguration().maxRequestBody

    public let configuration: HTTPServerConfiguration
    private let host: String
    private let requestedPort: Int
    private let handler: Handler
    private let shortcut: LineShortcut?
    private let state = Mutex(State())

    private struct State {
        var daemon: DaemonPointer?
        var context: HandlerContext?
        var port = 0
        /// The certificate and key as C strings, alive as long as the daemon.
        var pem: PEMStrings?
        /// The listening socket a graceful stop took back from libmicrohttpd: a quiesced daemon
        /// no longer closes it, so `stop()` does, once the daemon's threads are gone.
        var quiescedListener: Int32 = -1
        /// A pool's own listening socket and accepting thread (libmicrohttpd's quiesce races its
        /// epoll workers): closed first by either stop.
        var listener: ListenerPointer?
        /// A `.loops` server's loops, the first of them on `daemon`: stopped through their runners first.
        var loops: [ServerLoop] = []
    }

    /// The accepting thread is stopped from whichever thread stops the server.
    private struct ListenerPointer: @unchecked Sendable {
        let raw: OpaquePointer
    }

    /// libmicrohttpd's daemon may be stopped from any thread.
    private struct DaemonPointer: @unchecked Sendable {
        let raw: OpaquePointer
    }

    /// - Parameters:
    ///   - host: an IPv4 or IPv6 literal ("localhost" means 127.0.0.1). Loopback by default.
    ///   - port: 0 binds any free port; read `port` after `start()`.
    ///   - configuration: the server's limits.
    ///   - shortcut: answers given from a request's line alone, before the request is built.
    public init(
        host: String = "127.0.0.1", port: Int = 0, configuration: HTTPServerConfiguration = .init(),
        shortcut: LineShortcut? = nil, handler: @escaping Handler
    ) {
        self.host = host == "localhost" ? "127.0.0.1" : host
        self.requestedPort = port
        self.configuration = configuration
        self.handler = handler
        self.shortcut = shortcut
    }

    deinit {
        stop()
    }

    /// Binds and starts serving. Throws `HTTPServerError` when the port is taken or the host is
    /// not an address; starting a running server is an error too.
    public func start() throws {
        try state.withLock { state in
            guard state.daemon == nil else {
                throw HTTPServerError(host: host, port: state.port, reason: "the server is already running")
            }
            guard (0...65535).contains(requestedPort) else {
                throw HTTPServerError(host: host, port: requestedPort, reason: "port out of range 0...65535")
            }
            // A descriptor per connection, plus some for the process's own files.
            let openFiles = Int(cmhd_raise_open_file_limit())
            // Loops hold the caps over all of them (`ConnectionAdmission`) before a daemon sees a
            // connection; each daemon's own caps, the same numbers, are only a backstop.
            let loopCount = configuration.loopCount
            var limits = cmhd_limits(
                // In a pool, libmicrohttpd would move the connection in a shared list on every read and
                // write for its idle timeout; the deadlines hold that bound instead (see
                // `keepsIdleTimeoutItself`).
                idle_timeout: configuration.keepsIdleTimeoutItself ? 0 : UInt32(clamping: max(configuration.idleTimeout, 0)),
                connection_limit: UInt32(clamping: max(1, min(configuration.connectionLimit, openFiles - 64))),
                per_ip_connection_limit: UInt32(clamping: max(configuration.perClientConnectionLimit, 0)),
                thread_pool_size: configuration.threadPoolSize,
                max_query_arguments: UInt32(clamping: max(configuration.maxQueryParameters, 0)),
                driven: loopCount > 0 ? 1 : 0)
            if configuration.tls != nil, cmhd_tls_supported() == 0 {
                throw HTTPServerError(host: host, port: requestedPort, reason: "this libmicrohttpd is built without TLS")
            }
            let context = HandlerContext(handler: handler, shortcut: shortcut, configuration: configuration)
            var error = [CChar](repeating: 0, count: 256)
            let contextPointer = Unmanaged.passUnretained(context).toOpaque()
            let pem = configuration.tls.map { PEMStrings($0) }
            var listener: OpaquePointer?
            var loops: [ServerLoop] = []
            var port = requestedPort
            func startDaemon() -> OpaquePointer? {
                error.withUnsafeMutableBufferPointer { buffer in
                    cmhd_start_daemon(
                        host, UInt16(port), &limits, pem?.settings,
                        { cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
                            HTTPServer.access(
                                cls: cls, connection: connection, url: url, method: method,
                                uploadData: uploadData, uploadDataSize: uploadDataSize,
                                requestContext: requestContext)
                        },
                        contextPointer,
                        { cls, connection, requestContext, _ in
                            HTTPServer.completed(cls: cls, connection: connection, requestContext: requestContext)
                        },
                        contextPointer,
                        { cls, connection, socketContext, event in
                            HTTPServer.notify(cls: cls, connection: connection, socketContext: socketContext, event: event)
                        },
                        contextPointer,
                        &listener, buffer.baseAddress, buffer.count)
                }
            }
            var daemon = startDaemon()
            if loopCount > 0, let first = daemon, let firstListener = listener {
                loops.append(ServerLoop(daemon: first, listener: firstListener, admission: context.admission))
                port = Int(cmhd_listener_port(firstListener))
                while loops.count < loopCount {
                    guard let next = startDaemon(), let nextListener = listener else {
                        for loop in loops {
                            MHD_stop_daemon(loop.rawDaemon)
                            cmhd_listener_close(loop.rawListener)
                        }
                        daemon = nil
                        break
                    }
                    loops.append(ServerLoop(daemon: next, listener: nextListener, admission: context.admission))
                }
                listener = nil
                for loop in loops { context.loops.add(loop) }
            }
            guard let daemon else {
                context.deadlines.stop()
                let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw HTTPServerError(host: host, port: requestedPort, reason: reason)
            }
            state.daemon = DaemonPointer(raw: daemon)
            state.context = context
            state.pem = pem
            state.listener = listener.map { ListenerPointer(raw: $0) }
            state.loops = loops
            state.port = loops.isEmpty ? Int(listener.map { cmhd_listener_port($0) } ?? cmhd_daemon_port(daemon)) : port
        }
    }

    /// A `.loops` server's loops after `start()`, for their runners to attach; empty otherwise.
    public var loops: [ServerLoop] {
        state.withLock { $0.loops }
    }

    /// The bound port after `start()`; 0 before.
    public var port: Int {
        state.withLock { $0.port }
    }

    /// `http://HOST:PORT/`, or `https://` when the configuration has `tls`.
    public var baseURL: URL {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return URL(string: "\(scheme)://\(hostPart):\(port)/")!
    }

    /// `https` when the server speaks TLS, else `http`.
    public var scheme: String { configuration.tls == nil ? "http" : "https" }

    /// Stops accepting, closes connections and waits for running handlers to return.
    /// Idempotent; `deinit` calls it too.
    public func stop() {
        // Taken out under the lock but stopped outside it: stopping joins connection threads,
        // and a handler on one of them might be reading `port`.
        let (daemon, context, pem, listener, accepting, loops) = state.withLock {
            state -> (DaemonPointer?, HandlerContext?, PEMStrings?, Int32, ListenerPointer?, [ServerLoop]) in
            defer {
                state.daemon = nil
                state.context = nil
                state.pem = nil
                state.quiescedListener = -1
                state.listener = nil
                state.loops = []
            }
            return (state.daemon, state.context, state.pem, state.quiescedListener, state.listener, state.loops)
        }
        // Before the daemon: the accepting thread hands connections to it.
        if let accepting { cmhd_listener_close(accepting.raw) }
        if !loops.isEmpty {
            // The runners first: a daemon must not be stopped while its loop may still run it.
            for loop in loops { loop.halt() }
            context?.suspended.stop()
            for loop in loops {
                MHD_stop_daemon(loop.rawDaemon)
                cmhd_listener_close(loop.rawListener)
            }
        } else if let daemon {
            context?.suspended.stop()
            MHD_stop_daemon(daemon.raw)
        }
        // Closed only now: until the daemon stopped, one of its threads could still hold the
        // number. Left open, it kept the port bound for as long as the process lived.
        if listener >= 0 { close(listener) }
        pem?.free()
        // The context outlives the daemon: no callback can reach it once the daemon is stopped.
        context?.deadlines.stop()
    }

    /// Stops gracefully: no new connection is accepted (the listening socket is shut down, so a
    /// client is refused at once, in either thread model), answers under way (handlers, delays,
    /// bodies being sent) get up to `grace` to finish, then `stop()` closes what is left. Returns
    /// whether every answer finished in time.
    @discardableResult
    public func stop(grace: Duration) -> Bool {
        // Quiesced under the lock, so that a `stop()` on another thread cannot free the daemon
        // in between; the quiesce itself joins nothing.
        let context = state.withLock { state -> HandlerContext? in
            guard let daemon = state.daemon, state.quiescedListener < 0 else { return state.context }
            if !state.loops.isEmpty {
                // Each loop's own socket: shut down, so a connect is refused; closed by `stop()`.
                for loop in state.loops { loop.closeListener() }
                return state.context
            }
            if let accepting = state.listener {
                // A pool's own socket: closed, so a connect is refused and the port is free.
                cmhd_listener_close(accepting.raw)
                state.listener = nil
                return state.context
            }
            let listener = MHD_quiesce_daemon(daemon.raw)
            guard listener >= 0 else { return state.context }
            // libmicrohttpd only stops polling the socket: the kernel would go on completing
            // connections into its backlog, which nobody accepts, until a client's connect
            // blocks. Shutting it down ends the listening (a connect is refused, and what
            // waited in the backlog is reset) without freeing its number for another file.
            shutdown(listener, Int32(SHUT_RDWR))
            state.quiescedListener = listener
            return state.context
        }
        guard let context else { return true }
        let deadline = ContinuousClock.now + grace
        var finished = context.deadlines.answering == 0
        while !finished, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            finished = context.deadlines.answering == 0
        }
        stop()
        return finished
    }

    /// Bytes of request bodies booked against `requestBodyBudget` now, over all connections.
    public var requestBodiesInFlight: Int {
        state.withLock { $0.context?.budget.inFlight ?? 0 }
    }
}
