/// What the fast path made of a body: the payload, or a non-success code to classify.
enum FastDecoded: Sendable {
    case payload(any Sendable)
    case code(Int, String)
}
