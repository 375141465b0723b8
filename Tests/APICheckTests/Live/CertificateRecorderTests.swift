@testable import APICheck
import Foundation
import Testing

/// The certificate findings of a live run, from the chains the transport saw: one info per
/// origin, a warning inside the warning window, an error once expired.
@Suite struct CertificateRecorderTests {
    struct Answering: Transport {
        let chain: [ServerCertificate]
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            var response = HTTPResponse(status: 200, url: request.url)
            response.certificates = chain
            return response
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15

    static func findings(expiringIn days: Double, warningDays: Int = 14) async throws -> [Finding] {
        let leaf = ServerCertificate(
            subject: "CN = staging.example.com", issuer: "CN = Example Private CA",
            notAfter: now.addingTimeInterval(days * 86_400))
        let recorder = CertificateRecorder(Answering(chain: [leaf]))
        for path in ["a", "b"] {
            _ = try await recorder.send(HTTPRequest(method: .get, url: URL(string: "https://staging.example.com/Api/\(path)")!))
        }
        return recorder.findings(now: now, warningDays: warningDays)
    }

    @Test func aCertificateFarFromExpiryIsOneInfoPerOrigin() async throws {
        let findings = try await Self.findings(expiringIn: 200)
        #expect(findings.map(\.kind) == [.certificate])
        #expect(findings.first?.severity == .info)
        #expect(findings.first?.found == "2027-08-03")
        #expect(
            findings.first?.message == "https://staging.example.com:443: certificate CN = staging.example.com, "
                + "issued by CN = Example Private CA, expires 2027-08-03")
    }

    @Test func insideTheWarningWindowItIsAWarning() async throws {
        let findings = try await Self.findings(expiringIn: 9.5)
        #expect(findings.map(\.kind) == [.certificate, .certificateExpiring])
        #expect(findings.last?.severity == .warning)
        #expect(findings.last?.message.hasSuffix("in 9 days") == true)
        #expect(try await Self.findings(expiringIn: 9.5, warningDays: 7).map(\.kind) == [.certificate])
    }

    @Test func anExpiredCertificateIsAnError() async throws {
        let findings = try await Self.findings(expiringIn: -3)
        #expect(findings.map(\.kind) == [.certificate, .certificateExpired])
        #expect(findings.last?.severity == .error)
        #expect(findings.last?.category == .contract)
    }

    @Test func everyTLSFailureHasItsOwnKindAndCountsAsUnreachable() {
        let kinds = TLSFailure.allCases.map(FindingKind.init(tls:))
        #expect(Set(kinds).count == TLSFailure.allCases.count)
        #expect(kinds.allSatisfy { $0.isTLSFailure })
        let error = APIError(endpoint: "x", reason: .transport(TransportError(.tls, "certificate has expired", tlsFailure: .expired)))
        #expect(error.reason.kind == .tlsExpired)
        #expect(Finding(error).category == .harness)
        #expect(error.reason.message.contains("expired or not yet valid"))
    }
}
