import Synchronization

/// Keeps what `MockRecorder` needs of every answer a live run received (`RecordedAnswer`), to
/// turn into mocks once the run is over.
final class ReceivedAnswers: LiveRunObserver {
    private let answers = Mutex<[RecordedAnswer]>([])

    /// Every exchange received, handed over and no longer held here, so that a big run does not
    /// keep a second copy of them all while the mocks are written.
    func takeAll() -> [RecordedAnswer] {
        answers.withLock { answers in
            defer { answers = [] }
            return answers
        }
    }

    func received(_ exchange: LiveExchange) {
        answers.withLock { $0.append(RecordedAnswer(exchange)) }
    }
}
