internal import CMicroHTTPD
import Foundation

/// An answer libmicrohttpd builds once and then sends as is to every request that gets it: its
/// status, headers and a copy of its body. Building a response per request (a copy of the body,
/// an allocation per header, a mutex, all freed again once sent) cost a served mock more than
/// routing it; a mock server answers the same bytes over and over, so it keeps one of these per
/// answer and attaches it to `ServerResponse.prepared`.
///
/// libmicrohttpd counts the connections still sending it: releasing the last reference here while
/// one is under way frees it when that connection is done.
public final class PreparedResponse: @unchecked Sendable {
    // @unchecked: the pointer is only read after init; libmicrohttpd guards the response's
    // reference count with its own mutex, so connections on several threads may share it.
    let raw: OpaquePointer
    /// The status it is sent with.
    public let status: Int

    /// nil when libmicrohttpd cannot build it (out of memory). Only status, headers and body
    /// count: an ending, a truncation or a dribble need a response of their own.
    public init?(_ response: ServerResponse) {
        let built: OpaquePointer? = response.body.withUnsafeBytes { cmhd_create_response_copy($0.baseAddress, $0.count) }
        guard let built else { return nil }
        for field in response.headers where !field.name.equalsIgnoringASCIICase("Content-Length") {
            ResponseHeader.add(field, to: built)
        }
        raw = built
        status = (100...999).contains(response.status) ? response.status : 500
    }

    deinit {
        MHD_destroy_response(raw)
    }
}
