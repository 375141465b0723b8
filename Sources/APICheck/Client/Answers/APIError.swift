/// Everything that can go wrong with one call, with the endpoint it was for and where the answer
/// came from (a mock file or the URL without its query). Every human message lives here.
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// No HTTP answer: refused, timeout, DNS, TLS, body over the cap.
        case transport(TransportError)
        /// An HTTP error status whose body is not a usable answer.
        case http(status: Int, contentType: String?, snippet: String)
        /// The body is not JSON. `detail` says where parsing stopped.
        case notJSON(status: Int, contentType: String?, snippet: String, detail: String)
        case emptyBody(status: Int)
        /// The envelope lacks its code, message or payload, or holds the wrong kind of value there.
        case envelopeMalformed(DecodingFailure)
        /// The payload does not decode into the declared type.
        case decoding(DecodingFailure)
        /// The server answered with a failure code: its envelope's, or its error body's.
        case server(code: EnvelopeCode, message: String)
        /// The server forces a logout (10504).
        case forcedLogout(message: String)
        /// The token is dead (HTTP 403, an expiry code, or both).
        case tokenExpired(status: Int?, code: EnvelopeCode?)
        /// A declared parameter is missing or has the wrong type, or an undeclared one was given.
        /// Caught before anything is sent.
        case invalidRequest(parameter: String, problem: String)

        /// A stable short name, used as the finding kind in reports.
        public var kind: FindingKind {
            switch self {
            case let .transport(error):
                switch error.kind {
                case .timeout: return .timeout
                case .bodyTooLarge: return .bodyTooLarge
                case .refused, .dns: return .unreachable
                case .tls: return FindingKind(tls: error.tlsFailure ?? .handshake)
                case .other: return .transport
                }
            case .http: return .httpStatus
            case .notJSON: return .notJSON
            case .emptyBody: return .emptyBody
            case .envelopeMalformed: return .envelope
            case .decoding: return .decode
            case .server: return .serverCode
            case .forcedLogout: return .forcedLogout
            case .tokenExpired: return .tokenExpired
            case .invalidRequest: return .invalidRequest
            }
        }

        public var message: String {
            switch self {
            case let .transport(error):
                return error.description
            case let .http(status, contentType, snippet):
                return "HTTP \(status)" + Self.bodyNote(contentType, snippet)
            case let .notJSON(status, contentType, snippet, detail):
                return "body is not JSON (HTTP \(status)): \(detail)" + Self.bodyNote(contentType, snippet)
            case let .emptyBody(status):
                return "empty body (HTTP \(status))"
            case let .envelopeMalformed(failure):
                return "malformed envelope: \(failure)"
            case let .decoding(failure):
                return "\(failure)"
            case let .server(code, message):
                return "server failure code \(code): \"\(message)\""
            case let .forcedLogout(message):
                return "forced logout: \"\(message)\""
            case let .tokenExpired(status, code):
                return "token expired" + (status.map { " (HTTP \($0))" } ?? "") + (code.map { " (code \($0))" } ?? "")
            case let .invalidRequest(parameter, problem):
                return "invalid request: parameter '\(parameter)' \(problem)"
            }
        }

        private static func bodyNote(_ contentType: String?, _ snippet: String) -> String {
            var note = ""
            if let contentType { note += ", Content-Type \(contentType)" }
            // A body that is a JSON string (`"silence not found"`) is shown in its own quotes.
            if !snippet.isEmpty { note += snippet.hasPrefix("\"") ? ", body starts \(snippet)" : ", body starts \"\(snippet)\"" }
            return note
        }
    }

    public var endpoint: String
    public var reason: Reason
    /// The mock file or URL (query stripped) the answer came from, when there was one.
    public var source: String?

    public init(endpoint: String, reason: Reason, source: String? = nil) {
        self.endpoint = endpoint
        self.reason = reason
        self.source = source
    }

    public var description: String {
        "\(endpoint): \(reason.message)" + (source.map { " [\($0)]" } ?? "")
    }
}
