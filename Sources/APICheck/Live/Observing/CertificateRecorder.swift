import Foundation
import Synchronization

/// Passes requests through to the live run's transport and keeps the first certificate chain
/// each origin presented, so that the report can say, once per target, whose certificate it is
/// and how long it still holds. (A reused connection brings no chain; the first new one does.)
final class CertificateRecorder: Transport {
    private let base: any Transport
    private let chains = Mutex<[(origin: String, chain: [ServerCertificate])]>([])

    init(_ base: any Transport) {
        self.base = base
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        if !response.certificates.isEmpty, let origin = (response.url ?? request.url).origin {
            chains.withLock { chains in
                if !chains.contains(where: { $0.origin == origin }) { chains.append((origin, response.certificates)) }
            }
        }
        return response
    }

    /// Per origin: the leaf certificate as an info finding, and a warning when it expires within
    /// `warningDays`, an error when it has expired (only an `--insecure` run gets that far).
    func findings(now: Date, warningDays: Int) -> [Finding] {
        chains.withLock { $0 }.flatMap { origin, chain -> [Finding] in
            guard let leaf = chain.first else { return [] }
            let expiry = leaf.notAfter.map(Self.day) ?? "unknown"
            var findings = [
                Finding(
                    kind: .certificate, severity: .info, endpoint: nil, found: expiry,
                    message: "\(origin): certificate \(leaf.subject), issued by \(leaf.issuer), expires \(expiry)")
            ]
            guard let notAfter = leaf.notAfter else { return findings }
            let days = Int((notAfter.timeIntervalSince(now) / 86_400).rounded(.down))
            if notAfter <= now {
                findings.append(
                    Finding(
                        kind: .certificateExpired, severity: .error, endpoint: nil, expected: "a valid certificate", found: expiry,
                        message: "\(origin): the certificate \(leaf.subject) expired on \(expiry)"))
            } else if days < warningDays {
                findings.append(
                    Finding(
                        kind: .certificateExpiring, severity: .warning, endpoint: nil,
                        expected: "valid for \(warningDays) days or more", found: expiry,
                        message: "\(origin): the certificate \(leaf.subject) expires on \(expiry), in \(days) day\(days == 1 ? "" : "s")"))
            }
            return findings
        }
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
