import Foundation
import Glibc
import HTTPServer

/// The tunnel thread's own state and work: only `TunnelPump.run`'s thread touches it.
final class TunnelLoop {
    let pump: TunnelPump
    private var tunnels: [Int: Tunnel] = [:]
    /// Where an upstream write is staged: the same memory on every try (see `TunnelUpstream.send`).
    private let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 << 10, alignment: 1)
    private var lastSweep = TrackedClock.now()

    init(pump: TunnelPump) {
        self.pump = pump
    }

    func run() {
        let reading = Int16(POLLIN)
        while pump.running.load(ordering: .acquiring) {
            let now = TrackedClock.now()
            // poll, rebuilt each turn from what each side waits for: a side that waits for
            // nothing is left out (-1), so a peer's hang-up is not reported again and again
            // while its bytes wait for a slow reader. A connecting tunnel's sockets are
            // libcurl's, watched for what libcurl asked.
            var watched = [pollfd(fd: pump.wakeRead, events: reading, revents: 0)]
            var owners: [(id: Int, side: Side)] = [(0, .upstream)]
            // The timeout paces the idle sweep and libcurl's timers; every byte and command
            // wakes the thread at once.
            var timeout: Int64 = 250
            var held: [Tunnel] = []
            for tunnel in tunnels.values {
                if tunnel.phase == .connecting {
                    for (socket, events) in tunnel.upstream.waits {
                        watched.append(pollfd(fd: socket, events: events, revents: 0))
                        owners.append((tunnel.id, .curl))
                    }
                    if let due = tunnel.upstream.deadline { timeout = min(timeout, max(0, due - now)) }
                    continue
                }
                let (upstream, client) = interests(tunnel)
                if upstream & reading != 0, tunnel.upstreamHeld {
                    held.append(tunnel)
                    timeout = 0
                }
                watched.append(pollfd(fd: upstream == 0 ? -1 : tunnel.upstream.socket, events: upstream, revents: 0))
                owners.append((tunnel.id, .upstream))
                if let connection = tunnel.client {
                    watched.append(pollfd(fd: client == 0 ? -1 : connection.socket, events: client, revents: 0))
                    owners.append((tunnel.id, .client))
                }
            }
            let ready = poll(&watched, nfds_t(watched.count), Int32(timeout))
            if ready > 0 {
                if watched[0].revents != 0 {
                    for command in pump.takeCommands() { handle(command) }
                }
                for index in 1..<watched.count where watched[index].revents != 0 {
                    guard let tunnel = tunnels[owners[index].id] else { continue }
                    switch owners[index].side {
                    case .curl:
                        tunnel.upstream.ready(watched[index].fd, watched[index].revents)
                        progress(tunnel)
                    case .upstream: serve(tunnel, upstreamSide: true, events: watched[index].revents)
                    case .client: serve(tunnel, upstreamSide: false, events: watched[index].revents)
                    }
                }
            }
            // Bytes already decrypted are read as if poll had said so.
            for tunnel in held where tunnels[tunnel.id] != nil && tunnel.upstreamHeld {
                serve(tunnel, upstreamSide: true, events: reading)
            }
            let later = TrackedClock.now()
            for tunnel in Array(tunnels.values) where tunnel.phase == .connecting {
                tunnel.upstream.tick(now: later)
                progress(tunnel)
            }
            sweep()
        }
        for tunnel in Array(tunnels.values) { finish(tunnel, idle: false, failed: false) }
        staging.deallocate()
        pump.stopped.signal()
    }

    private enum Side {
        case upstream, client
        /// A socket libcurl watches while it connects.
        case curl
    }

    /// A connecting tunnel whose connection libcurl has made sends its head; one libcurl could
    /// not make answers the client 502 with libcurl's reason.
    private func progress(_ tunnel: Tunnel) {
        guard tunnel.phase == .connecting else { return }
        switch tunnel.upstream.state {
        case .connecting:
            return
        case .connected:
            tunnel.phase = .sendingHead
            serve(tunnel, upstreamSide: true, events: Int16(POLLOUT))
        case let .failed(reason):
            finish(tunnel, idle: false, failed: true, reason: "the upstream could not be reached: \(reason)")
        }
    }

    private func handle(_ command: TunnelPump.Command) {
        switch command {
        case .wake:
            break
        case let .add(id, address, url, head, protocolName, deferred, events):
            var problem = ""
            guard let upstream = TunnelUpstream(url: url, configuration: pump.upstream, problem: &problem) else {
                deferred.send(ProxyCore.tunnelFailure("the upstream could not be reached: \(problem)"))
                pump.released(address, idle: false, failed: true)
                return
            }
            let tunnel = Tunnel(
                id: id, address: address, upstream: upstream, head: head, protocolName: protocolName, deferred: deferred,
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
            return
        case .sendingHead:
            guard tunnel.upstream.send(&tunnel.toUpstream, staging: staging) else {
                finish(tunnel, idle: false, failed: true, reason: "the upstream closed before the request was sent")
                return
            }
            if tunnel.toUpstream.isEmpty { tunnel.phase = .readingAnswer }
        case .readingAnswer:
            // A piece at a time, the head looked for after each: an upstream that floods its
            // body (an event stream) must not have a whole megabyte read before its head is seen.
            let ended = !pull(tunnel, into: &tunnel.answer, room: min(16 << 10, (1 << 20) - tunnel.answer.count))
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
                    if room > 0, !pull(tunnel, into: &tunnel.toClient, room: room) { tunnel.upstreamEnded = true }
                }
                if events & Int16(POLLOUT) != 0, !tunnel.upstream.send(&tunnel.toUpstream, staging: staging) {
                    tunnel.upstreamEnded = true
                }
            } else if let client = tunnel.client {
                if events & (Int16(POLLIN) | Int16(POLLHUP)) != 0, !tunnel.clientEnded {
                    let room = pump.limits.bufferBytes - tunnel.toUpstream.count
                    if room > 0, !SocketIO.fill(&tunnel.toUpstream, from: client.socket, room: room) { tunnel.clientEnded = true }
                }
                if events & Int16(POLLOUT) != 0, !SocketIO.flush(&tunnel.toClient, to: client.socket) { tunnel.clientEnded = true }
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

    /// Reads what the upstream has, up to `room` bytes; false when it ended or failed. Reads
    /// on until nothing is left or the room is used up, since an `https` connection may hold
    /// decrypted bytes poll cannot see; `upstreamHeld` says when the room ran out first.
    func pull(_ tunnel: Tunnel, into buffer: inout [UInt8], room: Int) -> Bool {
        var left = room
        while left > 0 {
            switch tunnel.upstream.receive(into: &buffer, room: left) {
            case let .bytes(count): left -= count
            case .wouldBlock:
                tunnel.upstreamHeld = false
                return true
            case .ended:
                tunnel.upstreamHeld = false
                return false
            }
        }
        tunnel.upstreamHeld = true
        return true
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
        case .connecting: upstream = 0
        case .sendingHead: upstream = writing
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
    func finish(_ tunnel: Tunnel, idle: Bool, failed: Bool, reason: String? = nil) {
        guard tunnels.removeValue(forKey: tunnel.id) != nil else { return }
        // Counted before either side sees the close: whoever saw it reads the counts settled.
        pump.released(tunnel.address, idle: idle, failed: failed)
        tunnel.upstream.close()
        if let client = tunnel.client {
            client.close()
        }
        // A stream cut here (idle, stopping) is cut for its client too.
        tunnel.stream?.finish(broken: true)
        if [.connecting, .sendingHead, .readingAnswer].contains(tunnel.phase) {
            tunnel.deferred.send(
                ProxyCore.tunnelFailure(
                    reason ?? (idle ? "no answer from the upstream in time" : "the upstream gave no answer to the upgrade")))
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
}
