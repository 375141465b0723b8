internal import CCurl

/// A driver running a host beside its transfers (`CurlLoopHost`): the host's calls come on the
/// driver's thread, as its libcurl sockets' events do.
extension CurlDriver {
    /// Runs `host` on this driver's thread from its next turn on.
    func host(_ host: any CurlLoopHost) {
        let wake = queue.withLock { queue in
            queue.hosting = host
            defer { queue.sleeping = false }
            return queue.sleeping
        }
        if wake { ccurl_events_wake(events) }
    }

    /// The host's wake: its turn is due.
    func wakeForHost() {
        let wake = queue.withLock { queue in
            queue.hostWoken = true
            defer { queue.sleeping = false }
            return queue.sleeping
        }
        if wake { ccurl_events_wake(events) }
    }

    /// The driver whose thread calls this, if any.
    static var current: UnsafeMutableRawPointer? { ccurl_current() }
}
