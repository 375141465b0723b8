internal import CCurl
import CurlClient
import Glibc

/// A tunnel's connection to the upstream, made by libcurl as a connect-only transfer: the host
/// resolved afresh on libcurl's resolver (threaded in Debian's build), the TCP connection and,
/// for `https`, the TLS handshake with `live`'s options, all driven from the tunnel thread's poll
/// without a blocking call. Once connected, bytes go through `curl_easy_send`/`curl_easy_recv`,
/// which encrypt and decrypt for an `https` upstream. Touched only by the tunnel thread.
///
/// Each tunnel has a multi handle of its own: libcurl's connection cache prunes the idle
/// connections of a multi handle whenever another transfer on it connects (as too old, or dead
/// when input is waiting), and a connected tunnel is such an idle connection to libcurl.
final class TunnelUpstream {
    enum State: Equatable {
        case connecting
        case connected
        /// Why the connection failed, in libcurl's words.
        case failed(String)
    }

    enum Read {
        case bytes(Int)
        case wouldBlock
        case ended
    }

    private let multi: UnsafeMutableRawPointer
    private let easy: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private(set) var state = State.connecting
    /// While connecting: the sockets libcurl waits on (its resolver's, the connection's) and what for.
    private(set) var waits: [Int32: Int16] = [:]
    /// While connecting: when libcurl wants to be called for its timeouts; nil for never.
    private(set) var deadline: Int64?
    /// The connected socket, to poll; -1 before.
    private(set) var socket: Int32 = -1
    private var closed = false

    /// Nil when libcurl refuses the handles or an option; `problem` says why.
    init?(url: String, configuration: CurlConfiguration, problem: inout String) {
        guard ccurl_global_init_once() == CURLE_OK, let multi = curl_multi_init(), let easy = curl_easy_init() else {
            problem = "libcurl could not be initialised"
            return nil
        }
        self.multi = multi
        self.easy = easy
        errorBuffer = .allocate(capacity: Int(ccurl_error_size()))
        errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size()))
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = ccurl_multi_setopt_socket_function(multi) { _, socket, what, context, _ in
            Unmanaged<TunnelUpstream>.fromOpaque(context!).takeUnretainedValue().watch(socket, what)
            return 0
        }
        _ = ccurl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        _ = ccurl_multi_setopt_timer_function(multi) { _, milliseconds, context in
            let upstream = Unmanaged<TunnelUpstream>.fromOpaque(context!).takeUnretainedValue()
            upstream.deadline = milliseconds < 0 ? nil : TrackedClock.now() + Int64(milliseconds)
            return 0
        }
        _ = ccurl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
        if let option = configure(url: url, configuration) {
            problem = "libcurl refused the option \(option)"
            close()
            return nil
        }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            problem = "libcurl could not start the connection"
            close()
            return nil
        }
    }

    /// The name of the first option libcurl refused; nil when it took them all.
    private func configure(url: String, _ configuration: CurlConfiguration) -> String? {
        var refused: String?
        func set(_ code: CURLcode, _ name: String) { if code != CURLE_OK, refused == nil { refused = name } }
        set(ccurl_easy_setopt_string(easy, CURLOPT_URL, url), "URL")
        set(ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS_STR")
        set(ccurl_easy_setopt_long(easy, CURLOPT_CONNECT_ONLY, 1), "CONNECT_ONLY")
        set(ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        // A resolver thread still running when the tunnel ends is left to finish on its own:
        // waiting for it would stall every tunnel.
        set(ccurl_easy_setopt_long(easy, CURLOPT_QUICK_EXIT, 1), "QUICK_EXIT")
        // Every tunnel resolves the host afresh: an upstream that moves is followed.
        set(ccurl_easy_setopt_long(easy, CURLOPT_DNS_CACHE_TIMEOUT, 0), "DNS_CACHE_TIMEOUT")
        set(ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        let connectTimeout = configuration.connectTimeout > 0 ? max(1, Int(configuration.connectTimeout * 1000)) : 0
        set(ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, connectTimeout), "CONNECTTIMEOUT_MS")
        set(ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, configuration.insecure ? 0 : 1), "SSL_VERIFYPEER")
        set(ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, configuration.insecure ? 0 : 2), "SSL_VERIFYHOST")
        // What the proxy's other upstream calls trust and present.
        if let option = configuration.tls.apply(to: easy), refused == nil { refused = option }
        return refused
    }

    private func watch(_ socket: Int32, _ what: Int32) {
        if what == Int32(CURL_POLL_REMOVE) {
            waits[socket] = nil
            return
        }
        var events: Int16 = 0
        if what & Int32(CURL_POLL_IN) != 0 { events |= Int16(POLLIN) }
        if what & Int32(CURL_POLL_OUT) != 0 { events |= Int16(POLLOUT) }
        waits[socket] = events
    }

    /// Hands libcurl what poll saw on one of its sockets.
    func ready(_ socket: Int32, _ revents: Int16) {
        guard state == .connecting else { return }
        var flags: Int32 = 0
        if revents & Int16(POLLIN) != 0 { flags |= CURL_CSELECT_IN }
        if revents & Int16(POLLOUT) != 0 { flags |= CURL_CSELECT_OUT }
        if revents & (Int16(POLLERR) | Int16(POLLHUP) | Int16(POLLNVAL)) != 0 { flags |= CURL_CSELECT_ERR }
        var running: Int32 = 0
        _ = curl_multi_socket_action(multi, socket, flags, &running)
        settle()
    }

    /// Calls libcurl for its timeouts when they are due.
    func tick(now: Int64) {
        guard state == .connecting, let due = deadline, due <= now else { return }
        deadline = nil
        var running: Int32 = 0
        // CURL_SOCKET_TIMEOUT (-1): a macro naming another macro, which Swift does not import.
        _ = curl_multi_socket_action(multi, -1, 0, &running)
        settle()
    }

    /// Reads libcurl's verdict on the connection, once it has one.
    private func settle() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE else { continue }
            let code = message.pointee.data.result
            var connected: curl_socket_t = -1
            if code == CURLE_OK, ccurl_easy_getinfo_socket(easy, &connected) == CURLE_OK, connected >= 0 {
                socket = connected
                state = .connected
            } else {
                let detail = String(cString: errorBuffer)
                state = .failed(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
            }
            waits = [:]
            deadline = nil
        }
    }

    /// Reads into `buffer`, at most `room` bytes.
    func receive(into buffer: inout [UInt8], room: Int) -> Read {
        var chunk = [UInt8](repeating: 0, count: min(room, 16 << 10))
        var got = 0
        let code = chunk.withUnsafeMutableBytes { curl_easy_recv(easy, $0.baseAddress, $0.count, &got) }
        if code == CURLE_AGAIN { return .wouldBlock }
        guard code == CURLE_OK, got > 0 else { return .ended }
        buffer.append(contentsOf: chunk[0..<got])
        return .bytes(got)
    }

    /// Sends what the connection takes of `buffer`'s head; false when it failed. Bytes an
    /// `https` upstream did not take are offered again from the same address and at least as
    /// many, as OpenSSL wants a retried write to be: `staging` is the same memory on every call.
    func send(_ buffer: inout [UInt8], staging: UnsafeMutableRawBufferPointer) -> Bool {
        guard !buffer.isEmpty else { return true }
        let count = min(buffer.count, staging.count)
        staging.copyBytes(from: buffer[0..<count])
        var sent = 0
        let code = curl_easy_send(easy, staging.baseAddress, count, &sent)
        if code == CURLE_AGAIN { return true }
        guard code == CURLE_OK else { return false }
        buffer.removeFirst(sent)
        return true
    }

    /// Ends the connection and frees the handles; once.
    func close() {
        guard !closed else { return }
        closed = true
        curl_multi_remove_handle(multi, easy)
        curl_easy_cleanup(easy)
        curl_multi_cleanup(multi)
        errorBuffer.deallocate()
        socket = -1
    }
}
