import CurlClient
import HTTPServer
import Synchronization

/// One of the proxy's loops: a listening daemon (`ServerLoop`) run by a libcurl driver's thread
/// (`CurlLoop`), on one epoll set. An exchange's request arrives, its upstream call starts, the
/// upstream's answer comes back and goes out to the client all on this one thread: no exchange
/// waits for another thread to be woken.
final class ProxyLoop: CurlLoopHost, ServerLoopRunner {
    private let server: ServerLoop
    private let loop = Mutex<CurlLoop?>(nil)

    init(_ server: ServerLoop) {
        self.server = server
    }

    // MARK: CurlLoopHost, on the driver's thread

    func attached(to loop: CurlLoop) {
        self.loop.withLock { $0 = loop }
        server.attach(self)
    }

    func ready(_ descriptor: Int32) {
        server.ready(descriptor)
    }

    func turn() -> Int {
        server.turn()
    }

    // MARK: ServerLoopRunner

    func watch(_ descriptor: Int32) -> Bool {
        loop.withLock { $0 }?.watch(descriptor) ?? false
    }

    func unwatch(_ descriptor: Int32) {
        loop.withLock { $0 }?.unwatch(descriptor)
    }

    func wake() {
        loop.withLock { $0 }?.wake()
    }

    var isCurrent: Bool {
        loop.withLock { $0 }?.isCurrent ?? false
    }

    func stop() {
        let loop = loop.withLock { loop in
            defer { loop = nil }
            return loop
        }
        loop?.stop()
    }
}
