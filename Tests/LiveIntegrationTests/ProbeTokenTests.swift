import APICheck
import CurlClient
import Foundation
import HTTPServer
import Testing

/// The dead-token probe's made-up token against a server that parses tokens: one that waits on
/// any token holding a number (as a key-value store reads the digits after a dot as a log index
/// and waits for it) and refuses the rest at once.
@Suite struct ProbeTokenTests {
    struct Me: Decodable, Sendable { var user: String }

    static let me = Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token)
    static let realToken = "kv.0001234567"

    static func api(probeToken: ProbeToken = .shaped) -> API {
        API(
            name: "kv", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
            expired: [.status(401, code: "unknown")],
            auth: .preIssued(variable: "KV_TOKEN", placement: .header("Authorization", prefix: ""), probeToken: probeToken),
            endpoints: [me])
    }

    /// Answers the real token, refuses at once a token without digits, and holds one with digits
    /// past the client's timeout.
    static func parsingServer() -> HTTPServer {
        HTTPServer { request in
            let token = request.header("authorization") ?? ""
            if token == realToken { return .json(Data(#"{"user": "ada"}"#.utf8)) }
            var refused = ServerResponse.json(Data(#"{"code": "unknown", "message": "unknown token"}"#.utf8), status: 401)
            if token.contains(where: \.isNumber) { refused.delay = 4 }
            return refused
        }
    }

    func run(_ api: API, on server: HTTPServer) async -> Report {
        let transport = CurlTransport(configuration: CurlConfiguration(timeout: 2))
        defer { transport.shutdown() }
        return await LiveCheck(
            api: api, transport: transport,
            options: LiveOptions(
                baseURL: server.baseURL, environment: ["KV_TOKEN": Self.realToken])
        ).run()
    }

    @Test func theDefaultProbeTokenHoldsNoNumberForAServerToWaitOn() async throws {
        let server = Self.parsingServer()
        try server.start()
        defer { server.stop() }
        for _ in 0..<3 {
            let report = await run(Self.api(), on: server)
            #expect(report.allFindings.isEmpty, "\(report.allFindings.map(\.message))")
            #expect(report.probeResults.map(\.name) == ["probe token-expired me"])
            #expect(report.verdict == .holds)
        }
        let made = Self.api().auth.deadToken(like: Self.realToken)
        #expect(made.count == Self.realToken.count && made.hasPrefix("kv.") && !made.contains(where: \.isNumber))
        // No part of a token without a kind prefix is kept: it is shown, and it is the secret.
        let plain = ProbeToken.shaped.token(like: "sekrit123abcdef")
        #expect(plain.count == 15 && !plain.contains(where: \.isNumber) && !plain.hasPrefix("sekr"), "\(plain)")
        #expect(ProbeToken.shaped.token(like: "ghp_0123456789abcdefghij").hasPrefix("ghp_"))
    }

    @Test func aProbeThatHangsIsAProbeTimeoutNamingTheTokenItSent() async throws {
        let server = Self.parsingServer()
        try server.start()
        defer { server.stop() }
        let report = await run(Self.api(probeToken: .literal("kv.0009999")), on: server)
        let finding = try #require(report.allFindings.first)
        #expect(report.allFindings.count == 1)
        #expect(finding.kind == .probeTimeout)
        #expect(finding.message.contains("token-expired") && finding.message.contains("\"kv.0009999\""), "\(finding.message)")
        #expect(report.verdict == .violated)
        // Made up, so no secret: the reproduce command carries it as it was sent.
        let probe = try #require(report.probeResults.first)
        #expect(probe.request == nil || !String(describing: probe.request).contains("DEAD_TOKEN"))
    }

    /// The shape is kept character for character, ASCII or not: punctuation where it was, a
    /// letter for every letter or digit, and a token of megabytes costs no more than a pass over
    /// it (a system call per letter took a 20 MB token most of a minute).
    @Test func aShapedTokenKeepsEveryPlaceOfTheRealOne() {
        let big = "tok." + String(repeating: "a1-B2_c3/", count: 400_000)
        let made = ProbeToken.shaped.token(like: big)
        #expect(made.utf8.count == big.utf8.count && made.hasPrefix("tok.") && made != big)
        #expect(
            zip(made.utf8, big.utf8).allSatisfy { made, real in
                let alphanumeric = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) }
                return alphanumeric(real) ? (0x61...0x7A).contains(made | 0x20) : made == real
            })
        let accented = ProbeToken.shaped.token(like: "1clé-été-9876543210")
        #expect(accented.count == 19 && Array(accented)[4] == "-" && Array(accented)[8] == "-", "\(accented)")
        #expect(!accented.contains(where: \.isNumber) && !accented.contains("é"), "\(accented)")
    }

    @Test func aTemplateAndAComputationMakeTheToken() {
        #expect(ProbeToken.template("dead-{random:5}").token(like: "x").count == 10)
        #expect(ProbeToken.template("{length}").token(like: "abcdef").count == 6)
        let flipped = ProbeToken.computed("reversed") { String($0.reversed()) }
        #expect(flipped.token(like: "abc") == "cba")
        #expect(flipped == .computed("reversed") { $0 })
        #expect(ProbeToken.literal("a") != .literal("b"))
    }
}
