import Foundation
import HTTPServer

/// One tunnel through the proxy: the upstream's connection, then, once the upstream has agreed
/// to switch protocols and the client has its 101, the client's; bytes pumped both ways through
/// two bounded buffers. Touched only by the `TunnelPump`'s thread.
final class Tunnel: @unchecked Sendable {
    enum Phase {
        /// libcurl is resolving the upstream's host, connecting, and (https) shaking hands.
        case connecting
        /// Connected: the request's head is being sent.
        case sendingHead
        /// The head is sent; the upstream's answer head is being read.
        case readingAnswer
        /// The 101 is on its way to the client; its connection is not ours yet.
        case awaitingClient
        case open
        /// An event stream: the upstream's body goes to `stream` as it comes.
        case streaming
    }

    let id: Int
    let address: String
    let upstream: TunnelUpstream
    /// An `https` upstream's connection may hold decrypted bytes that poll cannot see: the
    /// last read stopped for want of room, not because nothing was left.
    var upstreamHeld = false
    var client: UpgradedConnection?
    var phase = Phase.connecting
    /// The request's head, then (open) the client's bytes, bound for the upstream.
    var toUpstream: [UInt8]
    /// The upstream's bytes bound for the client.
    var toClient: [UInt8] = []
    /// The upstream's answer while its head is read.
    var answer: [UInt8] = []
    let deferred: DeferredResponse
    /// Server-sent events asked for (`Accept: text/event-stream`), not a protocol switch.
    let events: Bool
    var stream: ResponseStream?
    var decoder: ChunkedDecoder?
    /// The `Upgrade` value asked for, repeated in the 101.
    let protocolName: String
    var upstreamEnded = false
    var clientEnded = false
    var lastActive: Int64

    init(
        id: Int, address: String, upstream: TunnelUpstream, head: [UInt8], protocolName: String, deferred: DeferredResponse, now: Int64,
        events: Bool
    ) {
        self.events = events
        self.id = id
        self.address = address
        self.upstream = upstream
        toUpstream = head
        self.protocolName = protocolName
        self.deferred = deferred
        lastActive = now
    }
}
