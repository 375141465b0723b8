@testable import APICheck
import Foundation
import TestSupport
import Testing

/// A typed body the declaration gives no sample of: a required one leaves its check not run,
/// saying what to give, never a finding against the server; an optional one is left out.
@Suite struct BodyWithoutSampleTests {
    struct Account: Codable, Sendable {
        var username: String
        var password: String
    }

    static func api(optional: Bool) -> API {
        let body = RequestBody.json(Account.self)
        return API(
            name: "accounts", envelope: .none,
            endpoints: [
                Endpoint<JSONValue>(id: "accounts.update", .put, "accounts/me", mock: "account", body: optional ? body.optional() : body)
                    .erased
            ])
    }

    func run(_ api: API) async throws -> (Report, MockTransport) {
        let mocks = try TemporaryFolder("body-without-sample")
        defer { mocks.remove() }
        try Data("{}".utf8).write(to: mocks.appendingPathComponent("account.json"))
        let transport = MockTransport(directory: mocks.url, api: api)
        let report = await LiveCheck(
            api: api, transport: transport, options: LiveOptions(baseURL: URL(string: "http://mock.invalid/")!, probes: false)
        ).run()
        return (report, transport)
    }

    @Test func aRequiredBodyWithoutASampleIsNotSentAndSaysWhatToGive() async throws {
        let (report, transport) = try await run(Self.api(optional: false))
        let result = try #require(report.results.first)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(
            result.skipped?.rawValue
                == "its request body (Account) has no sample to send: give accounts.update's declaration one (a sample decoded "
                + "with try? from JSON that does not fit Account is none)")
        #expect(transport.requests.isEmpty)
        #expect(report.verdict != .violated)
    }

    @Test func anOptionalBodyWithoutASampleIsLeftOut() async throws {
        let (report, transport) = try await run(Self.api(optional: true))
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        let request = try #require(transport.requests.first)
        #expect(request.body == nil)
        #expect(!request.headers.contains { $0.name == "Content-Type" })
    }
}
