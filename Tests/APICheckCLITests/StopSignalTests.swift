@testable import APICheckCLI
import Foundation
import Testing

/// serve's wait for SIGINT or SIGTERM: a caller that runs serve in-process stops it by
/// cancelling its task, and the process's signals act as before once serve is done. (A signal
/// ending the wait is `ServeStopTests`' part, on a process of its own.)
@Suite struct StopSignalTests {
    /// Without a cancellation handler the wait never ended and `await serve.value` hung.
    @Test(.timeLimit(.minutes(1))) func cancellingTheWaitingTaskEndsTheWait() async {
        let stopSignal = StopSignal(signals: [])
        let waiting = Task { await stopSignal.wait() }
        try? await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
    }

    @Test(.timeLimit(.minutes(1))) func aTaskCancelledBeforeItWaitsEndsAtOnce() async {
        let stopSignal = StopSignal(signals: [])
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await stopSignal.wait()
        }
        #expect(await waiting.value == .cancelled)
    }

    /// A signal ignored for good would leave the test runner (or a program embedding serve)
    /// deaf to SIGTERM once serve has stopped.
    @Test func theSignalActsAsBeforeOnceTheWaitIsGone() {
        let before = Self.handler(of: SIGUSR2)
        do {
            // While it lives the signal is ignored, then caught by libdispatch's own handler.
            let stopSignal = StopSignal(signals: [SIGUSR2])
            #expect(Self.handler(of: SIGUSR2) != before)
            withExtendedLifetime(stopSignal) {}
        }
        #expect(Self.handler(of: SIGUSR2) == before)
        #expect(before != unsafeBitCast(SIG_IGN, to: Int.self))
    }

    private static func handler(of number: Int32) -> Int {
        var action = sigaction()
        sigaction(number, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }
}
