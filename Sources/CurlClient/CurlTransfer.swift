import APICheck
internal import CCurl
import Foundation
import Synchronization

/// One request on its way through the driver: the request, the completion waiting for it, and
/// everything libcurl writes into while it runs (body, headers, error text).
///
/// Thread rules, which the compiler cannot check (hence `@unchecked Sendable`):
/// - `lifecycle` and `completion` are read and written only while holding the driver's lock;
/// - the response buffers and `easy` are touched only on the driver thread, between the transfer
///   being added to the multi handle and its completion.
final class CurlTransfer: @unchecked Sendable {
    enum Lifecycle {
        /// `send` has not handed it to the driver yet.
        case created
        /// The task was cancelled before it reached the driver.
        case cancelledEarly
        /// Waiting for a free slot.
        case pending
        /// Added to the multi handle.
        case active
        /// The completion has been called.
        case finished
    }

    let request: HTTPRequest
    let configuration: CurlConfiguration
    /// This transfer's number in the process, never 0: what the TLS shim notes a server's
    /// request for a client certificate under.
    let number: UInt = CurlTransfer.numbers.add(1, ordering: .relaxed).newValue
    private static let numbers = Atomic<UInt>(0)

    var lifecycle = Lifecycle.created
    /// Called once, with the answer or why there is none: an async caller's continuation, or a
    /// proxy's own callback on the driver thread.
    var completion: CurlTransfer.Completion?

    typealias Completion = @Sendable (Result<HTTPResponse, any Error>) -> Void

    var easy: UnsafeMutableRawPointer?
    /// Where the body goes once it passes the sink's threshold (`CurlTransfer+Stream`).
    var sink: (any CurlBodySink)?
    var streaming = false
    /// Where the request's body comes from as it is sent (`CurlTransfer+Upload`), instead of `request.body`.
    var source: (any CurlBodySource)?
    /// The driver that unpauses this transfer after its sink held it back; set only with a sink.
    weak var driver: CurlDriver?
    var body = Data()
    var headers: [(name: String, value: String)] = []
    /// Set by the write callback when it refused data because of `maxBodyBytes`, so that the
    /// resulting CURLE_WRITE_ERROR can be told apart from other write errors.
    var bodyLimitHit = false
    /// Whether the last response's header block ended with its blank line.
    var headersComplete = false
    /// libcurl writes its detailed error text here; it must outlive the transfer.
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The request header list; libcurl reads it during the whole transfer.
    var headerList: UnsafeMutablePointer<curl_slist>?

    init(request: HTTPRequest, configuration: CurlConfiguration) {
        self.request = request
        self.configuration = configuration
        let size = Int(ccurl_error_size())
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        errorBuffer.deallocate()
        curl_slist_free_all(headerList)
    }

    /// The URL safe to show in errors: scheme, host, port and path only. The query (where tokens
    /// travel), credentials and fragment are left out.
    var redactedURL: String {
        URLDisplay.string(request.url, query: false)
    }

    var errorText: String {
        let text = String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
        // libcurl's messages rarely quote the URL, but when one does the query must not leak.
        guard let query = request.url.query, !query.isEmpty else { return text }
        return text.replacingOccurrences(of: query, with: Redactor.mask)
    }
}
