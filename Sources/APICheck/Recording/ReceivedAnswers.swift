import Synchronization

/// Keeps every answer a live run received, raw: what `MockRecorder` turns into mocks once the
/// run is over.
final class ReceivedAnswers: LiveRunObserver {
    private let answers = Mutex<[LiveExchange]>([])

    /// The answers so far, in the order they came.
    var all: [LiveExchange] { answers.withLock { $0 } }

    func received(_ exchange: LiveExchange) {
        answers.withLock { $0.append(exchange) }
    }
}
