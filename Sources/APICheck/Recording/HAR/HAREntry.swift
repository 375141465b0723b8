import Foundation

/// One request and its answer in a HAR capture, as far as a mock needs it.
public struct HAREntry: Sendable {
    public typealias Field = (name: String, value: String)

    /// Position in the file: breaks ties between answers with the same time.
    public var index: Int
    /// `startedDateTime`; nil when absent or unreadable.
    public var started: Date?
    public var method: String
    public var url: String
    public var requestHeaders: [Field]
    /// Request and response cookies, from the cookie lists and the Cookie / Set-Cookie headers.
    public var cookies: [Field]
    public var query: [Field]
    /// The request body's text, and its form parameters when the exporter listed them.
    public var postText: String?
    public var postParams: [Field]
    public var status: Int
    public var mimeType: String?
    /// The answer's body, base64 decoded when the exporter encoded it; nil when the capture has
    /// none (a sanitized export, a body the browser did not keep).
    public var body: Data?
    /// The answer's headers, as the exporter listed them.
    public var responseHeaders: [Field] = []

    /// The URL's path, percent-decoded, and its host; nil when the URL does not parse.
    public var components: URLComponents? { URLComponents(string: url) }

    /// Whether the answer says it is JSON, or starts like JSON when it says nothing.
    public var looksJSON: Bool {
        if let mimeType = mimeType?.lowercased(), !mimeType.isEmpty {
            if mimeType.contains("json") { return true }
            // Some servers send JSON as text/plain or text/html: the body decides.
            guard mimeType.hasPrefix("text/plain") || mimeType.hasPrefix("text/html") || mimeType.hasPrefix("application/octet-stream")
            else { return false }
        }
        guard let first = body?.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return mimeType == nil }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
