internal import CCurl

/// Something a transport's driver thread runs beside libcurl, on the same thread and the same
/// epoll set: a server whose exchanges call the upstream through this transport then hands a
/// request to libcurl and an answer back to its client without waking another thread.
///
/// Every call comes on the driver's thread, the one `attached(to:)` was called on.
public protocol CurlLoopHost: AnyObject, Sendable {
    /// Once, before any other call: the host watches its descriptors through `loop`.
    func attached(to loop: CurlLoop)
    /// A watched descriptor is ready for reading.
    func ready(_ descriptor: Int32)
    /// Once per turn of the loop, before it waits: the host does what is due and returns the
    /// longest the loop may wait before the next turn in milliseconds, or -1 for no limit of its own.
    func turn() -> Int
}

/// A driver's loop as its host sees it.
public final class CurlLoop: Sendable {
    private let driver: CurlDriver

    init(driver: CurlDriver) {
        self.driver = driver
    }

    /// Waits on `descriptor` for reading beside libcurl's sockets (on the loop's thread). False,
    /// with nothing changed, when epoll refuses it.
    @discardableResult
    public func watch(_ descriptor: Int32) -> Bool {
        ccurl_events_watch(driver.events, descriptor, 1) == 0
    }

    /// Stops waiting on `descriptor` (on the loop's thread).
    public func unwatch(_ descriptor: Int32) {
        _ = ccurl_events_watch(driver.events, descriptor, 0)
    }

    /// Makes the loop take a turn soon (any thread): what `turn()` does is due.
    public func wake() {
        driver.wakeForHost()
    }

    /// Whether the calling thread is the loop's.
    public var isCurrent: Bool {
        ccurl_current() == Unmanaged.passUnretained(driver).toOpaque()
    }

    /// Stops the loop (from any other thread) and waits until its thread no longer calls the
    /// host; transfers still under way fail. Idempotent.
    public func stop() {
        driver.shutdown()
    }
}
