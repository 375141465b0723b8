internal import CMicroHTTPD
import Synchronization

/// The loops of a `.loops` server by their daemon, so that a connection resumed from any thread
/// wakes the loop that serves it. Filled once, before the first connection; empty in the other
/// thread models, where libmicrohttpd's own threads notice a resume.
final class ServerLoopDirectory: Sendable {
    private let loops = Mutex<[(daemon: UInt, loop: ServerLoop)]>([])
    private let driven: Bool

    init(driven: Bool) {
        self.driven = driven
    }

    func add(_ loop: ServerLoop) {
        loops.withLock { $0.append((UInt(bitPattern: loop.rawDaemon), loop)) }
    }

    /// Resumes `connection` and tells its loop. The daemon is read first: once resumed, the
    /// connection may be answered and freed by its loop at any moment.
    func resume(_ connection: OpaquePointer) {
        guard driven else {
            MHD_resume_connection(connection)
            return
        }
        let daemon = cmhd_connection_daemon(connection)
        MHD_resume_connection(connection)
        runSoon(UInt(bitPattern: daemon))
    }

    /// The loop of `daemon` has work that libmicrohttpd was handed from another thread.
    func runSoon(_ daemon: UInt) {
        guard driven else { return }
        let loop = loops.withLock { loops in loops.first { $0.daemon == daemon }?.loop }
        loop?.runSoon()
    }
}
