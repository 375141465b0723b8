import APICheck
import CH2O
import Foundation
import HTTPServer
import Synchronization

/// `apicheck proxy --engine h2o`: h2o's server and reverse proxy move the exchanges, on loops
/// that each own a client's connection and its upstream connection together (as nginx does), and
/// the checks read a copy of each answer taken on its way out (`ch2o_register`'s filter). What
/// the exchange is judged by is the same `ProxyCore` the default engine uses.
///
/// The engine's own work per exchange is h2o's: the request is parsed once, forwarded on a kept
/// upstream connection, the answer's head parsed once and its body passed on as it arrives. What
/// this engine does not do that the default one does is listed in docs/proxy.md#engines.
final class H2OProxy: @unchecked Sendable {
    let core: ProxyCore
    private let options: ProxyOptions
    /// h2o's configuration: set up once, read by every loop, freed never (h2o's handlers keep
    /// pointers into it for the process's life).
    private let config: UnsafeMutablePointer<h2o_globalconf_t>
    private let loops: [H2OLoop]
    private let state = Mutex(State())

    private struct State {
        var listener: Int32 = -1
        var port = 0
        var started = false
        var stopped = false
    }

    init(core: ProxyCore, options: ProxyOptions) {
        self.core = core
        self.options = options
        config = .allocate(capacity: 1)
        let admission = H2OAdmission(
            total: options.configuration.connectionLimit, perAddress: options.configuration.perClientConnectionLimit)
        loops = (0..<max(1, options.loops)).map { _ in H2OLoop(admission: admission) }
    }

    var port: Int { state.withLock { $0.port } }

    func start() throws {
        // Before the socket: a TLS file or an upstream h2o cannot use stops the start with nothing bound.
        let tls =
            options.upstream.scheme?.lowercased() == "https"
            ? try H2OUpstreamTLS.context(options.upstreamConfiguration, host: options.upstream.host ?? "") : nil
        try configure(tls: tls)
        let listener = try Self.listen(host: options.host, port: options.port)
        let port = Self.boundPort(listener)
        state.withLock {
            $0.listener = listener
            $0.port = port
            $0.started = true
        }
        for loop in loops {
            loop.start(config: config, listener: dup(listener))
        }
    }

    func stop() {
        let listener = state.withLock { state -> Int32 in
            guard state.started, !state.stopped else { return -1 }
            state.stopped = true
            return state.listener
        }
        guard listener >= 0 else { return }
        for loop in loops { loop.stop() }
        close(listener)
    }

    // MARK: Configuration

    private func configure(tls: OpaquePointer?) throws {
        h2o_config_init(config)
        // The upstream's `Server`, `Date` aside, reach the client as they came: h2o names itself
        // in neither and adds no forwarding headers the upstream did not get before.
        config.pointee.server_name = h2o_iovec_t(base: nil, len: 0)
        config.pointee.proxy.preserve_server_header = 1
        config.pointee.proxy.emit_x_forwarded_headers = 0
        config.pointee.proxy.emit_via_header = 0
        config.pointee.proxy.preserve_x_forwarded_proto = 1
        // HTTP/1 only, as the standard engine: the hooks read a client's connection as HTTP/1's.
        config.pointee.http1.upgrade_to_http2 = 0
        config.pointee.max_request_entity_size = options.configuration.maxRequestBody
        config.pointee.http1.req_timeout = UInt64(max(1, options.configuration.headerTimeout) * 1000)
        config.pointee.proxy.io_timeout = UInt64(max(1, options.upstreamConfiguration.timeout) * 1000)
        let host = "default".withCString {
            h2o_config_register_host(config, h2o_iovec_t(base: UnsafeMutablePointer(mutating: $0), len: 7), 65535)
        }
        let path = h2o_config_register_path(host, "/", 0)!
        // h2o's own log of an upstream that failed goes into the finding, not onto stderr.
        path.pointee.error_log.emit_request_errors = 0
        ch2o_register(path, hooks)
        var vars = h2o_proxy_config_vars_t()
        vars.io_timeout = config.pointee.proxy.io_timeout
        vars.keepalive_timeout = 2000
        vars.websocket.enabled = 1
        vars.websocket.timeout = UInt64(max(1, options.tunnelIdleTimeout) * 1000)
        // h2o takes its own reference.
        vars.ssl_ctx = tls
        defer { if let tls { SSL_CTX_free(tls) } }
        let registered = core.upstreamOrigin.withCString { origin in
            var upstream = h2o_url_t()
            // Only the origin: the request's path goes on as sent, the upstream's path included.
            guard h2o_url_parse(origin, strlen(origin), &upstream) == 0 else { return false }
            h2o_proxy_register_reverse_proxy(path, &upstream, &vars)
            return true
        }
        guard registered else { throw ProxyEngineError("h2o cannot read the upstream's origin \(core.upstreamOrigin)") }
    }

    private var hooks: ch2o_hooks {
        ch2o_hooks(
            owner: Unmanaged.passUnretained(self).toOpaque(),
            request: { owner, req in
                Unmanaged<H2OProxy>.fromOpaque(owner!).takeUnretainedValue().request(req!)
            },
            copies: { owner, req, exchange in
                Unmanaged<H2OProxy>.fromOpaque(owner!).takeUnretainedValue().copies(req!, exchange!)
            },
            reserve: { owner, exchange, bytes in
                Unmanaged<H2OProxy>.fromOpaque(owner!).takeUnretainedValue().reserve(exchange, bytes: bytes) ? 1 : 0
            },
            answered: { owner, req, exchange, body, length, broken in
                Unmanaged<H2OProxy>.fromOpaque(owner!).takeUnretainedValue().answered(
                    req, exchange: exchange, body: body, length: length, broken: broken != 0)
            })
    }

    // MARK: Listening

    private static func listen(host: String, port: Int) throws -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw ProxyEngineError("apicheck proxy --engine h2o listens on an IPv4 address; \(host) is not one")
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ProxyEngineError("socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, SOMAXCONN) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ProxyEngineError("cannot listen on \(host):\(port): \(reason)")
        }
        // Every loop accepts from it: none may block when another took the connection first.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return descriptor
    }

    private static func boundPort(_ descriptor: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why the h2o engine could not start.
struct ProxyEngineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
