@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A key that works and is then rotated by a write the run makes (Label Studio's `reset-token`):
/// said once, naming the write, and the steps after it are not checked, instead of an
/// `http-status` error on each. One endpoint's own 401 is no lost key.
@Suite struct TokenWatchTests {
    struct Me: Decodable, Sendable { var user: String }

    /// Takes one key; `POST rotate` replaces it; `GET admin` answers 401 to any key.
    final class Rotating: Transport, Sendable {
        let key = Mutex("key-0123456789")
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            func json(_ text: String, _ status: Int = 200) -> HTTPResponse {
                HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
            }
            let sent = request.header("Authorization")
            let current = key.withLock { $0 }
            guard sent == "Bearer " + current, !request.url.path.hasSuffix("/admin") else {
                return json(#"{"code": "unknown", "message": "Invalid token."}"#, 401)
            }
            if request.url.path.hasSuffix("/rotate") { key.withLock { $0 = "key-rotated-0000" } }
            return json(#"{"user": "ada"}"#)
        }
    }

    static func api(_ ids: [(String, HTTPMethod)]) -> API {
        API(
            name: "keys", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
            expired: [.status(401, code: "unknown")], auth: .preIssued(variable: "KEYS_TOKEN", placement: .bearer),
            endpoints: ids.map { Endpoint<Me>(id: $0.0, $0.1, $0.0, mock: $0.0, auth: .token) })
    }

    func run(_ api: API) async -> Report {
        await LiveCheck(
            api: api, transport: Rotating(),
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, concurrency: 1, environment: ["KEYS_TOKEN": "key-0123456789"],
                probes: false)
        ).run()
    }

    @Test func aKeyRotatedMidRunIsOneFindingNamingTheWrite() async {
        let report = await run(Self.api([("me", .get), ("rotate", .post), ("a", .get), ("b", .get), ("c", .get)]))
        #expect(
            report.runFindings.map(\.message) == [
                "the token issued beforehand in $KEYS_TOKEN stopped working during the run: a and me, which took it at the start, "
                    + "refuse it (HTTP 401), after rotate succeeded (a write that may have ended or rotated it); "
                    + "the steps after it that need it were not checked"
            ], "\(report.allFindings.map(\.message))")
        let skipped = report.endpointResults.filter { $0.skipped != nil }.map(\.name)
        #expect(skipped == ["b", "c"], "\(report.endpointResults.map { "\($0.name) \($0.skipped?.rawValue ?? "-")" })")
        #expect(report.endpointResults.first { $0.name == "b" }?.skipped == "the token in $KEYS_TOKEN was refused from a on")
    }

    @Test func oneEndpointsOwn401IsNoLostKey() async {
        let report = await run(Self.api([("me", .get), ("admin", .get), ("a", .get), ("b", .get)]))
        #expect(report.runFindings.isEmpty, "\(report.runFindings.map(\.message))")
        #expect(report.endpointResults.filter { !$0.passed }.map(\.name) == ["admin"])
    }
}
