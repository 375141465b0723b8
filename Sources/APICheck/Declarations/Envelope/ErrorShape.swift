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
    ///
    /// `like` is one of the API's own error answers (a failure mock, with the status it came
    /// with, as every error of the API carries it: `MockDirectory.errorExample()`): the body is
    /// made from it, so what every error of the API carries beside the code and message stays
    /// (`"status": "error"` beside Prometheus' `errorType`), and a number or text that was the
    /// example's HTTP status, or its reason phrase, becomes this answer's (`"code": 404`).
    public func body(code: EnvelopeCode, message: String, status: Int, like example: (document: JSONValue, status: Int)? = nil) -> JSONValue
    {
        if self == .problemJSON {
            return .object([
                ("type", code.json), ("title", .string(message)),
                ("status", .number(String(status))), ("detail", .string(message)),
            ])
        }
        guard let example, case let .object(members) = example.document else {
            var document = JSONValue.object([])
            document.set(code.json, at: codePath)
            document.set(.string(message), at: messagePath)
            return document
        }
        let phrase = Self.reasonPhrase(example.status)
        // At any depth: Google's `{"error": {"code": 404, "status": "NOT_FOUND", ...}}` nests it.
        func following(_ value: JSONValue) -> JSONValue {
            switch value {
            case let .object(members):
                return .object(members.map { ($0.key, following($0.value)) })
            case let .number(text) where Int(text) == example.status:
                return .number(String(status))
            // GitHub's `"status": "404"` is the status as text.
            case let .string(text) where text == String(example.status):
                return .string(String(status))
            // Kinto's `"error": "Unauthorized"` beside 401 is the status said in words: it follows too.
            case let .string(text) where phrase.map({ text.caseInsensitiveCompare($0) == .orderedSame }) == true:
                return Self.reasonPhrase(status).map(JSONValue.string) ?? value
            default:
                return value
            }
        }
        var document = JSONValue.object(members.map { ($0.key, following($0.value)) })
        document.set(code.json, at: codePath)
        document.set(.string(message), at: messagePath)
        return document
    }

    /// The standard reason phrase of an error status, in title case (`Not Found`); nil for one
    /// that has none.
    static func reasonPhrase(_ status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }

    /// The code of an answer the API's server never gave (a refusal of `serve`'s own, named by a
    /// word): the word, or where the API's codes are numbers (`MockDirectory.errorExample()`), the
    /// HTTP status, so an app that reads a numeric `errno` still reads one.
    public func ownCode(_ word: String, status: Int, like example: (document: JSONValue, status: Int)?) -> EnvelopeCode {
        if case .number? = example?.document.value(at: codePath) { return .int(status) }
        return .string(word)
    }
}
