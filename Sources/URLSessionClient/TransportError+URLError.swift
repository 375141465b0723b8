import APICheck
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportError {
    /// Classifies the error URLSession ended a task with, into the kinds the libcurl transport
    /// reports for the same failures. The message never quotes the request's query (where the
    /// token travels).
    init(_ error: any Error, url: String, request: URL) {
        guard let error = error as? URLError else {
            self.init(.other, Self.masked("\(error)", request), url: url)
            return
        }
        let kind: Kind
        switch error.code {
        case .timedOut: kind = .timeout
        case .cannotConnectToHost: kind = .refused
        case .cannotFindHost, .dnsLookupFailed: kind = .dns
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .cannotLoadFromNetwork:
            kind = .tls
        default:
            // swift-corelibs-foundation reports libcurl errors it has no code for as `unknown`,
            // with libcurl's text: a failed handshake says SSL there.
            kind = error.code == .unknown && Self.mentionsTLS(error.localizedDescription) ? .tls : .other
        }
        var message = "\(Self.summary(error.code)) (URLError \(error.code.rawValue))"
        if error.code == .unknown, !error.localizedDescription.isEmpty {
            message += ": \(error.localizedDescription)"
        }
        self.init(kind, Self.masked(message, request), url: url)
    }

    private static func summary(_ code: URLError.Code) -> String {
        switch code {
        case .timedOut: "the request timed out"
        case .cannotConnectToHost: "could not connect to the server"
        case .cannotFindHost, .dnsLookupFailed: "the host name did not resolve"
        case .networkConnectionLost: "the connection was lost"
        case .badServerResponse: "the server's answer was malformed"
        case .httpTooManyRedirects: "too many redirects"
        case .secureConnectionFailed: "the TLS connection failed"
        default: "the transfer failed"
        }
    }

    private static func mentionsTLS(_ text: String) -> Bool {
        text.contains("SSL") || text.contains("TLS") || text.lowercased().contains("certificate")
    }

    private static func masked(_ text: String, _ request: URL) -> String {
        guard let query = request.query, !query.isEmpty else { return text }
        return text.replacingOccurrences(of: query, with: "***")
    }
}
