import APICheck
import Foundation
import HTTPServer

/// A request body an app compressed (`Content-Encoding: gzip` on an upload), as routing, the
/// checks and `serve` read it: decoded, so that a gzipped JSON body is judged as the JSON it
/// carries and never as bytes that "are not JSON". The codings answers are read in are read
/// (`ContentDecoding`: gzip, deflate, br, zstd).
public enum RequestBodyDecoding {
    public enum Outcome {
        /// The request with its body decoded and its `Content-Encoding` gone; the request itself
        /// when it declared no coding.
        case plain(ServerRequest)
        /// A coding that is not read (`compress`, or several), by name.
        case unreadable(coding: String)
        /// Not valid data of its coding.
        case broken(reason: String)
        /// Decoded past `cap` bytes.
        case tooLarge(reason: String)
    }

    /// Whether `request` carries a body in a `Content-Encoding`: the only requests there is
    /// anything to decode in. Most have no body or declare no coding: one look at the header names.
    public static func isEncoded(_ request: ServerRequest) -> Bool {
        !request.body.isEmpty && request.headers.contains { HeaderName.same($0.name, "content-encoding") }
    }

    public static func decode(_ request: ServerRequest, cap: Int) -> Outcome {
        guard isEncoded(request), let index = request.headers.firstIndex(where: { HeaderName.same($0.name, "content-encoding") })
        else {
            return .plain(request)
        }
        switch ContentDecoding.decode(request.body, encoding: request.headers[index].value, cap: cap) {
        case let .plain(body):
            var decoded = request
            decoded.body = body
            decoded.headers.removeAll { HeaderName.same($0.name, "content-encoding") }
            return .plain(decoded)
        case let .unreadable(coding): return .unreadable(coding: coding)
        case let .broken(reason): return .broken(reason: reason)
        case let .tooLarge(reason): return .tooLarge(reason: reason)
        }
    }

    /// The request as the checks read it: decoded when it can be, else as it came (its coding
    /// still named, for the check that reports why it was not read).
    public static func readable(_ request: ServerRequest, cap: Int) -> ServerRequest {
        if case let .plain(decoded) = decode(request, cap: cap) { return decoded }
        return request
    }
}
