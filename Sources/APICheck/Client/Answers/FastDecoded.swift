/// What the fast path made of a body: the payload, or an envelope whose code is no success, which
/// the full path classifies (it reads the error shape and the session's signals too).
enum FastDecoded: Sendable {
    case payload(any Sendable)
    case notSuccess

    /// Thrown for an envelope the fast path does not read (fields below the top level): the full
    /// path takes it.
    struct NotFlat: Error {}
}
