import APICheck
import CurlClient
import Foundation
import Testing
import URLSessionClient

/// The network transports that run the shared scenario table (`TransportScenarioTests`,
/// `TransportFailureScenarioTests`, `TransportRedirectScenarioTests`): every row runs once per case.
///
/// Where URLSession cannot give what libcurl gives, the row asserts what it does give, and the
/// reason is written here, once:
/// - `keepsRepeatedHeaders`: URLSession hands header fields over as a dictionary, so a repeated
///   field arrives joined with ", " and the order of fields is lost.
/// - `measuresPhases`: URLSession (on Linux, swift-corelibs-foundation) reports no DNS, connect or
///   TLS times; the transport measures first byte and total itself.
/// - `survivesCutHeaderBlock`: on Linux, swift-corelibs-foundation traps ("Transfer completed,
///   but there's no response") when a connection closes in the middle of the header block, so
///   that row runs for libcurl only; Apple's URLSession reports an error there.
/// - `reportsPartialBody`: a body cut short is `.other` for both, but only libcurl's message says "partial".
enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case curl
    case urlSession

    var testDescription: String { rawValue }

    func make(
        timeout: Double = 10, maxRedirects: Int = 5, maxBodyBytes: Int = 32 << 20,
        userAgent: String = "apicheck/1.0", concurrency: Int = 8
    ) -> TransportHandle {
        switch self {
        case .curl:
            let transport = CurlTransport(
                configuration: CurlConfiguration(
                    concurrency: concurrency, timeout: timeout, maxRedirects: maxRedirects, maxBodyBytes: maxBodyBytes,
                    userAgent: userAgent))
            return TransportHandle(transport: transport, shutdown: transport.shutdown)
        case .urlSession:
            let transport = URLSessionTransport(
                configuration: URLSessionTransportConfiguration(
                    concurrency: concurrency, timeout: timeout, maxRedirects: maxRedirects, maxBodyBytes: maxBodyBytes,
                    userAgent: userAgent))
            return TransportHandle(transport: transport, shutdown: transport.shutdown)
        }
    }

    var keepsRepeatedHeaders: Bool { self == .curl }
    var measuresPhases: Bool { self == .curl }
    #if os(Linux)
        var survivesCutHeaderBlock: Bool { self == .curl }
    #else
        var survivesCutHeaderBlock: Bool { true }
    #endif
    var reportsPartialBody: Bool { self == .curl }
}

/// A transport under test and its way to stop.
struct TransportHandle: Sendable {
    let transport: any Transport
    let shutdown: @Sendable () -> Void

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await transport.send(request)
    }
}
