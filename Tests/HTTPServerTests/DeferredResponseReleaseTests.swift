import HTTPServer
import Testing

/// What a handler asked to do should its client leave (a proxy: cancel the upstream call, which
/// holds the whole exchange) is let go once the answer is given: the client can no longer leave
/// before it, and a connection kept open for more requests must not keep every exchange alive.
@Suite struct DeferredResponseReleaseTests {
    final class Exchange: Sendable {}

    final class WeakBox: @unchecked Sendable {
        weak var exchange: Exchange?
    }

    @Test func theAbandonmentHandlerIsLetGoOnceTheAnswerIsGiven() {
        let deferred = DeferredResponse()
        let box = WeakBox()
        do {
            let exchange = Exchange()
            box.exchange = exchange
            deferred.whenAbandoned { _ = exchange }
        }
        #expect(box.exchange != nil)

        deferred.send(ServerResponse(status: 200))

        #expect(box.exchange == nil, "the answered exchange is still held by its abandonment handler")
    }
}
