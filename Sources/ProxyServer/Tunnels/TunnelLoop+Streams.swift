import Foundation
import HTTPServer

/// Event streams on the tunnel thread: the upstream's answer streamed to the client as it comes.
extension TunnelLoop {
    /// An event stream's answer: its head goes to the client at once, its body piece by piece.
    func stream(_ tunnel: Tunnel, _ verdict: UpgradeAnswer) {
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
    func pour(_ tunnel: Tunnel) {
        var bytes: [UInt8] = []
        let room = tunnel.stream.map { $0.capacity - $0.buffered } ?? 0
        guard room > 0 else { return }
        let ended = !pull(tunnel, into: &bytes, room: room)
        tunnel.lastActive = TrackedClock.now()
        forward(bytes, of: tunnel, ended: ended)
    }

    func forward(_ bytes: [UInt8], of tunnel: Tunnel, ended: Bool) {
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
}
