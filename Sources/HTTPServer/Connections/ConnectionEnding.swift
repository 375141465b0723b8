/// How a handler can end a connection instead of answering (to show a client a broken server).
public enum ConnectionEnding: Sendable, Equatable {
    /// Closed without a byte of answer.
    case close
    /// Reset: the client reads ECONNRESET.
    case reset
}
