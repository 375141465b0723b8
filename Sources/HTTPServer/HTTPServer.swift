internal import CMicroHTTPD
import Foundation
import Synchronization

/// A small HTTP/1.1 server on libmicrohttpd, for the sandbox and for tests.
///
/// Each connection gets its own thread, so a handler may block (tests sleep in handlers to
/// simulate slow endpoints) while other connections are served. Keep-alive works.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

    /// Request bodies past this size are answered 413 without reaching the handler.
    public static let maxRequestBody = 8 << 20

    private let host: String
    private let requestedPort: Int
    private let context: HandlerContext
    private let state = Mutex(State())

    private struct State {
        var daemon: DaemonPointer?
        var port = 0
    }

    /// libmicrohttpd's daemon may be stopped from any thread.
    private struct DaemonPointer: @unchecked Sendable {
        let raw: OpaquePointer
    }

    /// Idle keep-alive connections are closed after this long, so their threads do not pile up.
    private static let idleTimeoutSeconds: UInt32 = 60

    /// - Parameters:
    ///   - host: an IPv4 or IPv6 literal ("localhost" means 127.0.0.1). Loopback by default.
    ///   - port: 0 binds any free port; read `port` after `start()`.
    public init(host: String = "127.0.0.1", port: Int = 0, handler: @escaping Handler) {
        self.host = host == "localhost" ? "127.0.0.1" : host
        self.requestedPort = port
        self.context = HandlerContext(handler: handler)
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
            var error = [CChar](repeating: 0, count: 256)
            let contextPointer = Unmanaged.passUnretained(context).toOpaque()
            let daemon = error.withUnsafeMutableBufferPointer { buffer in
                cmhd_start_daemon(
                    host, UInt16(requestedPort), Self.idleTimeoutSeconds,
                    { cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
                        HTTPServer.access(cls: cls, connection: connection, url: url, method: method,
                                          uploadData: uploadData, uploadDataSize: uploadDataSize,
                                          requestContext: requestContext)
                    },
                    contextPointer,
                    { _, _, requestContext, _ in
                        HTTPServer.completed(requestContext: requestContext)
                    },
                    nil,
                    buffer.baseAddress, buffer.count)
            }
            guard let daemon else {
                let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw HTTPServerError(host: host, port: requestedPort, reason: reason)
            }
            state.daemon = DaemonPointer(raw: daemon)
            state.port = Int(cmhd_daemon_port(daemon))
        }
    }

    /// The bound port after `start()`; 0 before.
    public var port: Int {
        state.withLock { $0.port }
    }

    /// `http://HOST:PORT/`.
    public var baseURL: URL {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(hostPart):\(port)/")!
    }

    /// Stops accepting, closes connections and waits for running handlers to return.
    /// Idempotent; `deinit` calls it too.
    public func stop() {
        // Taken out under the lock but stopped outside it: stopping joins connection threads,
        // and a handler on one of them might be reading `port`.
        let daemon = state.withLock { state -> DaemonPointer? in
            defer { state.daemon = nil }
            return state.daemon
        }
        if let daemon {
            MHD_stop_daemon(daemon.raw)
        }
    }
}

/// The handler as the C callbacks reach it: passed unretained, since the server owns it and
/// stops the daemon before it goes away.
private final class HandlerContext: Sendable {
    let handler: HTTPServer.Handler

    init(handler: @escaping HTTPServer.Handler) {
        self.handler = handler
    }
}

extension HTTPServer {
    /// libmicrohttpd's access handler. It is called at least twice per request: first with the
    /// headers only, then once per body chunk, then a final time with no data. The answer is
    /// queued on the final call only; queueing on the first makes libmicrohttpd drop keep-alive.
    fileprivate static func access(
        cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
        url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>?,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result {
        guard let cls, let connection, let requestContext, let uploadDataSize else { return .NO }

        guard let existing = requestContext.pointee else {
            let request = ServerRequest(
                method: method.map { String(cString: $0) } ?? "GET",
                path: url.map { String(cString: $0) } ?? "/",
                query: values(of: connection, kind: .GET_ARGUMENT_KIND),
                headers: values(of: connection, kind: .HEADER_KIND))
            requestContext.pointee = Unmanaged.passRetained(IncomingRequest(request)).toOpaque()
            return .YES
        }
        let incoming = Unmanaged<IncomingRequest>.fromOpaque(existing).takeUnretainedValue()

        if uploadDataSize.pointee > 0 {
            // Past the cap the rest is read and dropped: one POST must not exhaust memory.
            if let uploadData, incoming.request.body.count + uploadDataSize.pointee <= HTTPServer.maxRequestBody {
                incoming.request.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self),
                                             count: uploadDataSize.pointee)
            } else {
                incoming.tooLarge = true
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        guard !incoming.answered else { return .YES }
        incoming.answered = true

        if incoming.tooLarge {
            return queue(ServerResponse(status: 413, headers: [("Content-Type", "text/plain")],
                                        body: Data("request body over \(HTTPServer.maxRequestBody) bytes\n".utf8)), on: connection)
        }
        let context = Unmanaged<HandlerContext>.fromOpaque(cls).takeUnretainedValue()
        let answer = context.handler(incoming.request)
        return queue(answer, on: connection)
    }

    /// Frees what `access` allocated, whether the request was answered or the client went away.
    fileprivate static func completed(requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let requestContext, let existing = requestContext.pointee else { return }
        Unmanaged<IncomingRequest>.fromOpaque(existing).release()
        requestContext.pointee = nil
    }

    private static func queue(_ answer: ServerResponse, on connection: OpaquePointer) -> MHD_Result {
        let response: OpaquePointer? = answer.body.withUnsafeBytes { bytes in
            if let cut = answer.truncateAfter {
                return cmhd_create_truncated_response(bytes.baseAddress, bytes.count, max(0, cut))
            }
            return cmhd_create_response_copy(bytes.baseAddress, bytes.count)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for field in answer.headers where field.name.caseInsensitiveCompare("Content-Length") != .orderedSame {
            _ = MHD_add_response_header(response, field.name, field.value)
        }
        let status = (100...999).contains(answer.status) ? UInt32(answer.status) : 500
        return MHD_queue_response(connection, status, response)
    }

    /// Headers or query arguments, in the order they arrived. libmicrohttpd has already
    /// percent-decoded query arguments; a bare `?flag` comes with no value.
    private static func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
        final class Collector {
            var fields: [(name: String, value: String)] = []
        }
        let collector = Collector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values_n(
                connection, kind,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
                    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                    let text = value.map {
                        String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self)
                    } ?? ""
                    collector.fields.append((name: name, value: text))
                    return .YES
                },
                Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.fields
    }
}
