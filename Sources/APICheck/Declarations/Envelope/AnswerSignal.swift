/// An answer that means something for the session (the token is dead, the app must log out),
/// told by its HTTP status, its code (the envelope's or the error shape's), or both:
/// `.status(403)`, `.code(10504)`, `.status(401, code: "M_UNKNOWN_TOKEN")`.
public struct AnswerSignal: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status it comes with; nil for any status.
    public var status: Int?
    /// The code it carries; nil for any code, or none.
    public var code: EnvelopeCode?

    public init(status: Int?, code: EnvelopeCode?) {
        precondition(status != nil || code != nil, "an answer signal names a status, a code or both")
        self.status = status
        self.code = code
    }

    public static func status(_ status: Int, code: EnvelopeCode? = nil) -> AnswerSignal { AnswerSignal(status: status, code: code) }
    public static func code(_ code: EnvelopeCode) -> AnswerSignal { AnswerSignal(status: nil, code: code) }

    /// Whether an answer with this status and code (nil when the body carries none) is this signal.
    public func matches(status: Int, code: EnvelopeCode?) -> Bool {
        if let expected = self.status, expected != status { return false }
        if let expected = self.code, expected != code { return false }
        return true
    }

    /// `HTTP 401 with code "M_UNKNOWN_TOKEN"`, `code 10504`, `HTTP 403`.
    public var description: String {
        switch (status, code) {
        case let (status?, code?): "HTTP \(status) with code \(code)"
        case let (status?, nil): "HTTP \(status)"
        case let (nil, code?): "code \(code)"
        case (nil, nil): "any answer"
        }
    }
}
