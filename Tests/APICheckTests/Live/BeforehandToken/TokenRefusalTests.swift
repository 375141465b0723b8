@testable import APICheck
import Foundation
import Synchronization
import Testing

/// Airflow answers a made-up token 403 and a configuration it does not expose 403 too, so either
/// 401 or 403 is its dead-token answer. The token watch asks the trial endpoint: when it took the
/// same token just after, the 403 is the endpoint's own refusal, said as its status, not as a
/// dead token.
@Suite struct TokenRefusalTests {
    struct Version: Decodable, Sendable { var version: String }

    static let key = "eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl"

    /// Takes `key`; `GET config` is forbidden to everyone; `lose` ends the key.
    final class Airflow: Transport, Sendable {
        let lost = LockedFlag()
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            func json(_ text: String, _ status: Int = 200) -> HTTPResponse {
                HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
            }
            guard let sent = request.header("Authorization") else { return json(#"{"detail": "Not authenticated"}"#, 401) }
            guard sent == "Bearer " + TokenRefusalTests.key, !lost.isSet else { return json(#"{"detail": "Invalid JWT token"}"#, 403) }
            if request.url.path.hasSuffix("/config") {
                return json(#"{"detail": "Your Airflow administrator chose not to expose the configuration."}"#, 403)
            }
            if request.url.path.hasSuffix("/lose") { lost.set() }
            return json(#"{"version": "3.3.2"}"#)
        }
    }

    final class LockedFlag: Sendable {
        private let flag = Mutex(false)
        var isSet: Bool { flag.withLock { $0 } }
        func set() { flag.withLock { $0 = true } }
    }

    static func api(_ ids: [(String, HTTPMethod)]) -> API {
        API(
            name: "airflow", envelope: .none, expired: [.status(401), .status(403)],
            auth: .preIssued(variable: "AIRFLOW_TOKEN", placement: .bearer),
            endpoints: ids.map { Endpoint<Version>(id: $0.0, $0.1, $0.0, mock: $0.0, auth: .token) })
    }

    func run(_ api: API, key: String = key) async -> Report {
        await LiveCheck(
            api: api, transport: Airflow(),
            options: LiveOptions(
                baseURL: URL(string: "http://airflow.invalid/")!, concurrency: 1, environment: ["AIRFLOW_TOKEN": key],
                probes: false)
        ).run()
    }

    @Test func a403ToATokenTheTrialTakesIsARefusalNotADeadToken() async {
        let report = await run(Self.api([("version", .get), ("config", .get), ("pools", .get)]))
        #expect(report.runFindings.isEmpty, "\(report.runFindings.map(\.message))")
        let config = report.endpointResults.first { $0.name == "config" }
        #expect(config?.findings.map(\.kind) == [.httpStatus])
        #expect(
            config?.findings.first?.message
                == "HTTP 403, Content-Type application/json, body starts \"{\"detail\": \"Your Airflow administrator chose not to "
                + "expose the configuration.\"}\"; not a dead token: version took the same token just after, so this is config's "
                + "own refusal", "\(config?.findings.map(\.message) ?? [])")
        #expect(config?.classification == .broken(.httpStatus))
        #expect(report.endpointResults.filter(\.passed).map(\.name) == ["version", "pools"])
    }

    /// A 403 the trial endpoint gives too is still the token's loss.
    @Test func a403TheTrialGivesTooIsTheTokensLoss() async {
        let report = await run(Self.api([("version", .get), ("lose", .post), ("pools", .get)]))
        #expect(report.runFindings.map(\.kind) == [.credentials], "\(report.allFindings.map(\.message))")
        #expect(report.runFindings.first?.message.contains("stopped working during the run") == true)
    }

    /// The trial endpoint is the one that forbids (`--only` with the configuration first): the
    /// others take the token, so the run goes on and the 403 is the configuration's own.
    @Test func aTrialForbiddenWhereOthersTakeTheTokenIsNoRefusedToken() async {
        let report = await run(Self.api([("config", .get), ("version", .get), ("pools", .get)]))
        #expect(report.runFindings.isEmpty, "\(report.runFindings.map(\.message))")
        #expect(report.endpointResults.first { $0.name == "config" }?.findings.map(\.kind) == [.httpStatus])
        #expect(report.endpointResults.filter(\.passed).map(\.name) == ["version", "pools"])
    }

    /// A wrong key is forbidden everywhere as a made-up token is: refused, once.
    @Test func aWrongKeyForbiddenAsAMadeUpTokenIsRefused() async {
        let report = await run(Self.api([("config", .get), ("version", .get), ("pools", .get)]), key: "eyJhbGciOiJIUzUxMiJ9.e30.d3Jvbmc")
        #expect(report.runFindings.map(\.kind) == [.credentials], "\(report.allFindings.map(\.message))")
        #expect(report.runFindings.first?.message.contains("as a made-up token is") == true, "\(report.runFindings.map(\.message))")
    }
}
