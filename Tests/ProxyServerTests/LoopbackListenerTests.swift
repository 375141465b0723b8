import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// The test servers' listener stops once: its descriptor's number belongs to whichever socket
/// opens next once its thread has closed it, so a second stop must not shut that socket down.
@Suite struct LoopbackListenerTests {
    @Test func aSecondStopTouchesNothing() async throws {
        let listener = try LoopbackListener { connection in close(connection) }
        #expect(listener.stop())
        #expect(!listener.stop())
        // The thread has closed it once a connect is refused.
        while (try? RawConnection(port: listener.port, readTimeout: 1)) != nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(!listener.stop())
    }
}
