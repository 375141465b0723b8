@testable import APICheck
import Foundation
import Synchronization
import Testing

/// The dead-credentials probe of HTTP Basic: the real account with a password the run makes up.
/// That password is shown in reports and reproduce commands, and a password is a person's
/// choice: nothing of it may come from the real one.
@Suite struct BasicProbeTests {
    static let passwords = ["kiwi-mango-papaya-77", "s3cret-Adm1n-pw", "pw", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ", "clé-été-1234"]

    /// The runs of three characters `text` holds.
    static func runs(_ text: String) -> Set<String> {
        let characters = Array(text)
        guard characters.count >= 3 else { return [] }
        return Set((0...characters.count - 3).map { String(characters[$0..<$0 + 3]) })
    }

    @Test func theProbePasswordSharesNothingWithTheRealOne() throws {
        let auth = AuthPolicy.basic(accountVariable: "KEYS_USER", passwordVariable: "KEYS_PASSWORD")
        var lengths: Set<Int> = []
        for password in Self.passwords {
            for _ in 0..<200 {
                let dead = auth.deadToken(like: AuthPolicy.basicCredentials(account: "bob", password: password))
                let (account, probe) = try #require(AuthPolicy.basicParts(of: dead))
                #expect(account == "bob")
                #expect(probe != password)
                #expect(Self.runs(probe).isDisjoint(with: Self.runs(password)), "\(probe) shares a run with \(password)")
                #expect(probe.allSatisfy { $0.isASCII && $0.isLetter }, "\(probe)")
                lengths.insert(probe.count)
            }
        }
        // Its length is not the real one's either.
        #expect(lengths.count == 1, "\(lengths)")
    }

    /// A server that takes any account and password, as Kinto's basicauth policy does (it
    /// reads an unknown pair as a user of its own).
    final class AnyPairServer: Transport, Sendable {
        let requests = Mutex<[HTTPRequest]>([])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            requests.withLock { $0.append(request) }
            let credentials = AuthPolicy.Placement.basic.token(in: request)
            let body = credentials == nil ? #"{"code": "missing"}"# : #"{"user": "ada"}"#
            return HTTPResponse(
                status: credentials == nil ? 401 : 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    /// The probe sent over the wire and its finding: Basic credentials are called an account and
    /// a password, not a token, and the password sent is none of the real one's.
    @Test func theBasicProbeSaysItSentTheAccountWithAWrongPassword() async throws {
        let api = TokenPlacementTests.api(
            .basic(accountVariable: "KEYS_USER", passwordVariable: "KEYS_PASSWORD"), [TokenPlacementTests.me])
        let server = AnyPairServer()
        let password = "kiwi-mango-papaya-77"
        let report = await LiveCheck(
            api: api, transport: server,
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_USER": "bob", "KEYS_PASSWORD": password])
        ).run()
        let real = AuthPolicy.basicCredentials(account: "bob", password: password)
        let sent = server.requests.withLock { $0 }.compactMap { AuthPolicy.Placement.basic.token(in: $0) }
        let probes = sent.filter { $0 != real }
        #expect(!probes.isEmpty)
        for probe in probes {
            let (account, wrong) = try #require(AuthPolicy.basicParts(of: probe))
            #expect(account == "bob" && Self.runs(wrong).isDisjoint(with: Self.runs(password)), "\(wrong)")
        }
        let finding = try #require(report.allFindings.first { $0.kind == .probeTokenExpired })
        #expect(
            finding.message == "the account with a wrong password must be answered as token expired", "\(finding.message)")
    }
}
