import APICheck
import Foundation
@testable import MockServer
import TestSupport
import Testing

/// `serve` refusing a request of an API whose every call sends HTTP Basic credentials (Pulp's,
/// MLflow's) that declares no dead-token answer: the refusal speaks of an account and password,
/// and tells credentials that were not sent from wrong ones, as a Basic server does.
@Suite struct BasicRefusalServeTests {
    struct Status: Codable, Sendable { var ok: Bool }

    static let status = Endpoint<Status>(id: "status", .get, "status/", mock: "status", auth: .token)

    static func api(errors: ErrorShape?) -> API {
        API(
            name: "pulp", environments: ["local": URL(string: "http://127.0.0.1:9000/pulp/")!], envelope: .none, errors: errors,
            auth: .basic(accountVariable: "PULP_ACCOUNT", passwordVariable: "PULP_PASSWORD"), endpoints: [status])
    }

    static func basic(_ account: String, _ password: String) -> [(name: String, value: String)] {
        [("Authorization", "Basic " + AuthPolicy.basicCredentials(account: account, password: password))]
    }

    /// The refusals of a request without credentials and of one with a wrong password, as JSON.
    func refusals(errors: ErrorShape?) async throws -> (missing: JSONValue, wrong: JSONValue) {
        let mocks = try TemporaryMocks(files: ["status.json": #"{"ok": true}"#])
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = ["PULP_ACCOUNT": "admin", "PULP_PASSWORD": "pw"]
        let harness = try ServeHarness(api: Self.api(errors: errors), mocks: mocks.url, options: options)
        defer { harness.stop() }
        #expect(try await harness.send(.get, "status/", headers: Self.basic("admin", "pw")).status == 200)
        let missing = try await harness.send(.get, "status/")
        let wrong = try await harness.send(.get, "status/", headers: Self.basic("admin", "wrong"))
        #expect(missing.status == 401 && wrong.status == 401)
        return (try ServeHarness.json(missing), try ServeHarness.json(wrong))
    }

    @Test func aProblemDocumentTellsMissingCredentialsFromWrongOnes() async throws {
        let (missing, wrong) = try await refusals(errors: nil)
        #expect(missing["title"] == .string("Credentials missing"), "\(missing)")
        #expect(missing["detail"] == .string("no account and password were sent"), "\(missing)")
        #expect(wrong["title"] == .string("Credentials refused"), "\(wrong)")
        #expect(wrong["detail"] == .string("wrong account or password"), "\(wrong)")
    }

    @Test func theAPIsErrorShapeTellsThemApartToo() async throws {
        let (missing, wrong) = try await refusals(errors: ErrorShape(code: "$.code", message: "$.detail"))
        #expect(missing["code"] == .string("credentials_missing"), "\(missing)")
        #expect(missing["detail"] == .string("no account and password were sent"), "\(missing)")
        #expect(wrong["code"] == .string("credentials_refused"), "\(wrong)")
        #expect(wrong["detail"] == .string("wrong account or password"), "\(wrong)")
    }
}
