import APICheck
import CurlClient
import Foundation
import HTTPServer
import Testing

/// A server that parses JSON Web Tokens may answer a token it cannot parse with another status
/// (422) than a forged or unknown one (401): the default probe token for a JWT is a JWT, so the
/// dead-token probe meets the dead-token answer.
@Suite struct ProbeTokenJWTTests {
    struct Me: Decodable, Sendable { var user: String }

    /// `{"alg":"HS256","typ":"JWT"}`, `{"sub":"ada","exp":1900000000}` and a signature.
    static let realToken =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZGEiLCJleHAiOjE5MDAwMDAwMDB9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    static func api() -> API {
        API(
            name: "jwt", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.msg"),
            expired: [.status(401)],
            auth: .preIssued(variable: "JWT_TOKEN", placement: .bearer),
            endpoints: [Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token)])
    }

    static func parts(_ token: String) -> [Data]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map { part -> Data? in
            var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            return Data(base64Encoded: text)
        }
        guard parts.count == 3 else { return nil }
        let decoded = parts.compactMap { $0 }
        return decoded.count == 3 ? decoded : nil
    }

    /// 200 to the real token; 401 to a JWT whose header and claims parse but whose signature is
    /// not the server's; 422 to anything it cannot parse as a JWT.
    static func parsingServer() -> HTTPServer {
        HTTPServer { request in
            let token = String((request.header("authorization") ?? "").dropFirst("Bearer ".count))
            if token == realToken { return .json(Data(#"{"user": "ada"}"#.utf8)) }
            guard let parts = parts(token), case .object? = try? JSONParser.parse(parts[0]), case .object? = try? JSONParser.parse(parts[1])
            else { return .json(Data(#"{"msg": "Invalid header string"}"#.utf8), status: 422) }
            return .json(Data(#"{"msg": "Signature verification failed"}"#.utf8), status: 401)
        }
    }

    @Test func theDeadTokenProbeSendsAJWTTheServerParsesAndRefusesForItsSignature() async throws {
        let server = Self.parsingServer()
        try server.start()
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(timeout: 10))
        defer { transport.shutdown() }
        let report = await LiveCheck(
            api: Self.api(), transport: transport,
            options: LiveOptions(baseURL: server.baseURL, environment: ["JWT_TOKEN": Self.realToken])
        ).run()
        #expect(report.allFindings.isEmpty, "\(report.allFindings.map(\.message))")
        #expect(report.probeResults.map(\.name) == ["probe token-expired me"])
        #expect(report.verdict == .holds)
    }

    @Test func theProbeJWTKeepsTheHeaderAndShowsNoneOfTheRealClaimsOrSignature() throws {
        let made = ProbeToken.shaped.token(like: Self.realToken)
        let real = Self.realToken.split(separator: ".")
        let probe = made.split(separator: ".", omittingEmptySubsequences: false)
        #expect(probe.count == 3)
        #expect(probe[0] == real[0])
        #expect(probe[1] != real[1] && probe[2] != real[2] && probe[2].count == real[2].count)
        let claims = try #require(Self.parts(made)?[1])
        #expect(try JSONParser.parse(claims)["sub"]?.stringValue == "apicheck-probe")
        // Three dotted parts that are no JWT are shaped as any token is.
        let dotted = ProbeToken.shaped.token(like: "abc.def.ghijklmnopqrstu")
        #expect(dotted.count == 23 && !dotted.hasPrefix("abc.def"), "\(dotted)")
    }
}
