/// How an API's failures look when no envelope carries them, or beside it: a code and a message
/// at JSONPaths. Classification reads them, so a failure carries the API's own code and message
/// into findings and reports; `serve` answers its own refusals in this shape.
///
/// ```swift
/// ErrorShape(code: "$.errcode", message: "$.error")        // {"errcode":"M_FORBIDDEN","error":"…"}
/// ErrorShape(code: "$.errorType", message: "$.error")      // beside a {"status":"error"} envelope
/// ErrorShape.problemJSON                                    // RFC 9457 application/problem+json
/// ```
public struct ErrorShape: Sendable, Equatable {
    public var codePath: JSONPath
    public var messagePath: JSONPath
    /// The content type of the API's error answers, which `serve` sends with them.
    public var contentType: String

    public init(code: JSONPath, message: JSONPath, contentType: String = "application/json") {
        self.codePath = code
        self.messagePath = message
        self.contentType = contentType
    }

    /// RFC 9457 problem details: the `type` URI is the code, `detail` (else `title`) the message.
    public static let problemJSON = ErrorShape(code: "$.type", message: "$.detail", contentType: "application/problem+json")

    /// The code and message of an error body in this shape; nil when the body is not in it (no
    /// scalar code at the code's path). A missing message reads as empty; problem+json falls back
    /// to its `title`.
    public func read(_ document: JSONValue) -> (code: EnvelopeCode, message: String)? {
        guard let value = document.value(at: codePath), let code = EnvelopeCode(value) else { return nil }
        if let message = document.value(at: messagePath)?.stringValue { return (code, message) }
        if self == .problemJSON, let title = document["title"]?.stringValue { return (code, title) }
        return (code, "")
    }

    /// An error body in this shape, for the answers `serve` writes itself (a refusal, a fault):
    /// the code and message at their paths, and for problem+json its `title` and `status` too.
    public func body(code: EnvelopeCode, message: String, status: Int) -> JSONValue {
        if self == .problemJSON {
            return .object([("type", code.json), ("title", .string(message)),
                            ("status", .number(String(status))), ("detail", .string(message))])
        }
        var document = JSONValue.object([])
        document.set(code.json, at: codePath)
        document.set(.string(message), at: messagePath)
        return document
    }
}
