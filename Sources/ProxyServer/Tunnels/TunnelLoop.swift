import Foundation
import Glibc
import HTTPServer

/// The tunnel thread's own state and work: only `TunnelPump.run`'s thread touches it.
final class TunnelLoop {
    private let pump: TunnelPump
    private var tunnels: [Int: Tunnel] = [:]
    /// Resolved once: the upstream is one host for the proxy's whole run.
    private var resolved: [String: (family: Int32, address: [UInt8])] = [:]
    private var lastSweep = TrackedClock.now()

    init(pump: TunnelPump) {
        self.pump = pump
    }

    func run() {
        let reading = Int16(POLLIN)
        while pump.running.load(ordering: .acquiring) {
            // poll, rebuilt each turn from what each side waits for: a side that waits for
            // nothing is left out (-1), so a peer's hang-up is not reported again and again
            // while its bytes wait for a slow reader.
            var watched = [pollfd(fd: pump.wakeRead, events: reading, revents: 0)]
            var owners: [(id: Int, upstreamSide: Bool)] = [(0, true)]
            for tunnel in tunnels.values {
                let (upstream, client) = interests(tunnel)
                watched.append(pollfd(fd: upstream == 0 ? -1 : tunnel.upstream, events: upstream, revents: 0))
                owners.append((tunnel.id, true))
                if let connection = tunnel.client {
                    watched.append(pollfd(fd: client == 0 ? -1 : connection.socket, events: client, revents: 0))
                    owners.append((tunnel.id, false))
                }
            }
            // The timeout only paces the idle sweep; every byte and command wakes the thread at once.
            let ready = poll(&watched, nfds_t(watched.count), 250)
            if ready > 0 {
                if watched[0].revents != 0 {
                    for command in pump.takeCommands() { handle(command) }
                }
                for index in 1..<watched.count where watched[index].revents != 0 {
                    guard let tunnel = tunnels[owners[index].id] else { continue }
                    serve(tunnel, upstreamSide: owners[index].upstreamSide, events: watched[index].revents)
                }
            }
            sweep()
        }
        for tunnel in tunnels.values { finish(tunnel, idle: false, failed: false) }
        pump.stopped.signal()
    }

    private func handle(_ command: TunnelPump.Command) {
        switch command {
        case .wake:
            break
        case let .add(id, address, host, port, head, protocolName, deferred, events):
            guard let socket = connect(host: host, port: port) else {
                deferred.send(ProxyCore.tunnelFailure("the upstream could not be reached"))
                pump.released(address, idle: false, failed: true)
                return
            }
            let tunnel = Tunnel(
                id: id, address: address, upstream: socket, head: head, protocolName: protocolName, deferred: deferred,
                now: TrackedClock.now(), events: events)
            tunnels[id] = tunnel
        case let .attach(id, connection):
            guard let tunnel = tunnels[id], let connection, tunnel.phase == .awaitingClient else {
                connection?.close()
                if let tunnel = tunnels[id] { finish(tunnel, idle: false, failed: false) }
                return
            }
            let flags = fcntl(connection.socket, F_GETFL)
            _ = fcntl(connection.socket, F_SETFL, flags | O_NONBLOCK)
            tunnel.client = connection
            tunnel.toUpstream.append(contentsOf: connection.early)
            tunnel.phase = .open
            tunnel.lastActive = TrackedClock.now()
        case let .drop(id):
            if let tunnel = tunnels[id] { finish(tunnel, idle: false, failed: false) }
        }
    }

    private func serve(_ tunnel: Tunnel, upstreamSide: Bool, events: Int16) {
        if events & Int16(POLLERR) != 0 {
            finish(tunnel, idle: false, failed: tunnel.phase != .open)
            return
        }
        switch tunnel.phase {
        case .connecting:
            var error: Int32 = 0
            var length = socklen_t(4)
            getsockopt(tunnel.upstream, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0, flush(&tunnel.toUpstream, to: tunnel.upstream) else {
                finish(tunnel, idle: false, failed: true)
                return
            }
            if tunnel.toUpstream.isEmpty { tunnel.phase = .readingAnswer }
        case .readingAnswer:
            let ended = !fill(&tunnel.answer, from: tunnel.upstream, room: 1 << 20)
            guard let verdict = UpgradeAnswer(tunnel.answer, ended: ended, streams: tunnel.events) else {
                if ended || tunnel.answer.count >= 1 << 20 { finish(tunnel, idle: false, failed: true) }
                return
            }
            answer(tunnel, verdict)
            return
        case .streaming:
            pour(tunnel)
            return
        case .awaitingClient, .open:
            if upstreamSide {
                if events & (Int16(POLLIN) | Int16(POLLHUP)) != 0, !tunnel.upstreamEnded {
                    let room = pump.limits.bufferBytes - tunnel.toClient.count
                    if room > 0, !fill(&tunnel.toClient, from: tunnel.upstream, room: room) { tunnel.upstreamEnded = true }
                }
                if events & Int16(POLLOUT) != 0, !flush(&tunnel.toUpstream, to: tunnel.upstream) { tunnel.upstreamEnded = true }
            } else if let client = tunnel.client {
                if events & (Int16(POLLIN) | Int16(POLLHUP)) != 0, !tunnel.clientEnded {
                    let room = pump.limits.bufferBytes - tunnel.toUpstream.count
                    if room > 0, !fill(&tunnel.toUpstream, from: client.socket, room: room) { tunnel.clientEnded = true }
                }
                if events & Int16(POLLOUT) != 0, !flush(&tunnel.toClient, to: client.socket) { tunnel.clientEnded = true }
            }
            tunnel.lastActive = TrackedClock.now()
            // One side gone ends the tunnel once what it sent has reached the other.
            if (tunnel.upstreamEnded && (tunnel.toClient.isEmpty || tunnel.clientEnded))
                || (tunnel.clientEnded && (tunnel.toUpstream.isEmpty || tunnel.upstreamEnded))
            {
                finish(tunnel, idle: false, failed: false)
                return
            }
        }
    }

    /// The upstream's answer to the upgrade: a 101 goes to the client as it came (with the
    /// protocol's headers) and the tunnel waits for the client's connection; anything else is
    /// passed back as an ordinary answer, and the tunnel ends.
    private func answer(_ tunnel: Tunnel, _ verdict: UpgradeAnswer) {
        if verdict.isEventStream {
            stream(tunnel, verdict)
            return
        }
        guard verdict.status == 101, !tunnel.events else {
            tunnel.deferred.send(ServerResponse(status: verdict.status, headers: ProxyCore.endToEnd(verdict.headers), body: verdict.body))
            finish(tunnel, idle: false, failed: false)
            return
        }
        var response = ServerResponse(
            status: 101,
            headers: ProxyCore.endToEnd(verdict.headers)
                + [("Upgrade", tunnel.protocolName), ("Connection", "Upgrade")])
        let pump = self.pump, id = tunnel.id
        response.upgrade = { connection in pump.send(.attach(id: id, connection)) }
        tunnel.toClient = verdict.rest
        tunnel.answer = []
        tunnel.phase = .awaitingClient
        tunnel.deferred.send(response)
    }

    /// An event stream's answer: its head goes to the client at once, its body piece by piece.
    private func stream(_ tunnel: Tunnel, _ verdict: UpgradeAnswer) {
        let stream = ResponseStream(capacity: pump.limits.bufferBytes)
        let pump = self.pump, id = tunnel.id
        stream.whenDrained { pump.send(.wake) }
        stream.whenGone { pump.send(.drop(id: id)) }
        tunnel.stream = stream
        tunnel.decoder = verdict.isChunked ? ChunkedDecoder() : nil
        tunnel.phase = .streaming
        var response = ServerResponse(status: verdict.status, headers: ProxyCore.endToEnd(verdict.headers))
        response.stream = stream
        tunnel.deferred.send(response)
        forward(verdict.rest, of: tunnel, ended: false)
    }

    /// What the upstream has of an event stream, passed on; at its end the stream ends.
    private func pour(_ tunnel: Tunnel) {
        var bytes: [UInt8] = []
        let ended = !fill(&bytes, from: tunnel.upstream, room: pump.limits.bufferBytes)
        tunnel.lastActive = TrackedClock.now()
        forward(bytes, of: tunnel, ended: ended)
    }

    private func forward(_ bytes: [UInt8], of tunnel: Tunnel, ended: Bool) {
        guard let stream = tunnel.stream else { return }
        var data = bytes
        if tunnel.decoder != nil { data = tunnel.decoder!.feed(bytes) }
        if !data.isEmpty { stream.push(data) }
        let done = tunnel.decoder.map { $0.ended || $0.broken } ?? false
        if ended || done {
            // A chunked body cut before its last chunk is cut for the client too.
            stream.finish(broken: tunnel.decoder.map { !$0.ended } ?? false)
            finish(tunnel, idle: false, failed: false)
        }
    }

    /// Reads what `socket` has, up to `room` bytes; false when it ended or failed.
    private func fill(_ buffer: inout [UInt8], from socket: Int32, room: Int) -> Bool {
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
    private func flush(_ buffer: inout [UInt8], to socket: Int32) -> Bool {
        guard !buffer.isEmpty else { return true }
        let sent = buffer.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent > 0 {
            buffer.removeFirst(sent)
            return true
        }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }

    /// What each side waits for now: to read while its buffer has room, to write while the other
    /// side's bytes wait for it.
    private func interests(_ tunnel: Tunnel) -> (upstream: Int16, client: Int16) {
        let reading = Int16(POLLIN), writing = Int16(POLLOUT), room = pump.limits.bufferBytes
        var upstream: Int16 = 0
        switch tunnel.phase {
        case .streaming:
            // Read on while the client's buffer has room; its drain wakes the thread.
            if let stream = tunnel.stream, stream.buffered < stream.capacity { upstream = reading }
        case .connecting: upstream = writing
        case .readingAnswer: upstream = reading
        case .awaitingClient, .open:
            if !tunnel.upstreamEnded, tunnel.toClient.count < room { upstream |= reading }
            if !tunnel.toUpstream.isEmpty, tunnel.phase == .open { upstream |= writing }
        }
        var client: Int16 = 0
        if tunnel.client != nil {
            if !tunnel.clientEnded, tunnel.toUpstream.count < room { client |= reading }
            if !tunnel.toClient.isEmpty { client |= writing }
        }
        return (upstream, client)
    }

    /// Closes both sides. A tunnel that never reached its client answers it now.
    private func finish(_ tunnel: Tunnel, idle: Bool, failed: Bool) {
        guard tunnels.removeValue(forKey: tunnel.id) != nil else { return }
        // Counted before either side sees the close: whoever saw it reads the counts settled.
        pump.released(tunnel.address, idle: idle, failed: failed)
        close(tunnel.upstream)
        if let client = tunnel.client {
            client.close()
        }
        // A stream cut here (idle, stopping) is cut for its client too.
        tunnel.stream?.finish(broken: true)
        if tunnel.phase == .connecting || tunnel.phase == .readingAnswer {
            tunnel.deferred.send(
                ProxyCore.tunnelFailure(idle ? "no answer from the upstream in time" : "the upstream gave no answer to the upgrade"))
        }
    }

    /// Closes the tunnels where no byte moved for the idle timeout, and those whose upstream
    /// has not answered in it.
    private func sweep() {
        let now = TrackedClock.now()
        guard now - lastSweep >= 250 else { return }
        lastSweep = now
        let limit = Int64(pump.limits.idleTimeout * 1000)
        for tunnel in tunnels.values where now - tunnel.lastActive > limit {
            finish(tunnel, idle: true, failed: false)
        }
    }

    /// A non-blocking connection under way to `host`, resolved once; nil when it cannot start.
    private func connect(host: String, port: Int) -> Int32? {
        if resolved[host] == nil {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
            defer { freeaddrinfo(list) }
            let bytes = Array(UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
            resolved[host] = (first.pointee.ai_family, bytes)
        }
        guard let (family, resolvedAddress) = resolved[host] else { return nil }
        var address = resolvedAddress
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        let portBytes = UInt16(port).bigEndian
        // sin_port and sin6_port sit at the same offset, right after the family.
        withUnsafeBytes(of: portBytes) {
            address[2] = $0[0]; address[3] = $0[1]
        }
        let started = address.withUnsafeBytes {
            Glibc.connect(socket, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        guard started == 0 || errno == EINPROGRESS else {
            close(socket)
            return nil
        }
        return socket
    }
}
