import APICheck
import Contracts
import CurlClient
import Foundation
import MockServer
import TestSupport
import Testing

/// `apicheck live` against `apicheck serve` passes, auth probes included: serve is a fake backend
/// for any declared API, the demo one and others.
@Suite(.serialized) struct LiveAgainstServeTests {
    static func live(_ harness: ServeHarness, mocks: URL, environment: [String: String]) async -> Report {
        await LiveCheck(
            api: harness.server.api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, mocksDirectory: mocks, environment: environment, probes: true)
        ).run()
    }

    @Test func theDemoAPIPassesWithEveryProbe() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let report = await Self.live(harness, mocks: ServeHarness.demoMocks, environment: ServeHarness.credentials)
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(report.endpointResults.count == Demo.api.endpoints.count)
        let probes = report.results.filter { $0.role != .endpoint }
        // Each token endpoint is probed with a dead token and a revoked one, the logout endpoint after a logout too.
        #expect(probes.count >= 2 * Demo.api.endpoints.filter(\.requiresToken).count)
        #expect(probes.allSatisfy { $0.findings.isEmpty })
    }

    /// A multi-device API without envelope over serve: no revoked-token probe, none on the POST
    /// logout, no finding; its mocks need no `@logout` variant.
    @Test func aMultiDeviceAPIWithAnErrorShapePassesWithItsDeclaredProbesOnly() async throws {
        let mocks = try TemporaryMocks(files: ChatAPI.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: ChatAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let report = await Self.live(harness, mocks: mocks.url, environment: ["CHAT_USER": "ann", "CHAT_PASSWORD": "pw-123456"])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(
            report.results.filter { $0.role != .endpoint }.map(\.name).sorted()
                == ["probe logged-out whoami", "probe token-expired whoami"])
        #expect(report.results.first { $0.name == "probe token-expired whoami" }?.status == 401)
    }

    @Test func anAPIWithAHeaderTokenPasses() async throws {
        let mocks = try TemporaryMocks(files: ShopAPI.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: ShopAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        let report = await Self.live(harness, mocks: mocks.url, environment: ["SHOP_USER": "ann", "SHOP_PASSWORD": "secret-pw"])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        // Its logout is a DELETE, not declared safe to probe: only the item is probed.
        #expect(
            report.results.filter { $0.role != .endpoint }.map(\.name).sorted()
                == ["probe logged-out items.show", "probe revoked-token items.show", "probe token-expired items.show"])
        // The token went in the header, and the journal never shows it.
        let journal = try await harness.send(.get, "/__apicheck/requests")
        let text = String(decoding: journal.body, as: UTF8.self)
        #expect(text.contains("\"endpoint\":\"items.show\""))
        #expect(!text.contains("srv"))
    }

    @Test func anAPIWithoutLoginPasses() async throws {
        let mocks = try TemporaryMocks(files: CatalogAPI.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: CatalogAPI.api, mocks: mocks.url)
        defer { harness.stop() }
        #expect(harness.server.baseURL.absoluteString.hasSuffix(":\(harness.server.port)/v2/"))
        let report = await Self.live(harness, mocks: mocks.url, environment: [:])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(report.endpointResults.count == 2)
    }
}

/// `serve --tls-cert/--tls-key`: the mock server over HTTPS, for an app that insists on it, and
/// `live` against it trusting the private CA that signed the certificate.
@Suite(.serialized) struct ServeOverTLSTests {
    @Test func liveAgainstServeOverHTTPSPassesWithThePrivateCA() async throws {
        var options = MockServerOptions()
        options.configuration.tls = try TLSFixtures.serverTLS().tls
        let server = try MockServer(api: Demo.api, mocks: RepositoryPaths.mocks, options: options)
        try server.start()
        defer { server.stop() }
        #expect(server.baseURL.scheme == "https")

        var configuration = CurlConfiguration()
        configuration.tls.caBundle = TLSFixtures.ca
        let report = await LiveCheck(
            api: Demo.api, transport: CurlTransport(configuration: configuration),
            options: LiveOptions(
                baseURL: server.baseURL, mocksDirectory: RepositoryPaths.mocks, environment: ServeHarness.credentials, probes: true)
        ).run()
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)

        // Without the CA the same server is an unknown issuer: unreachable, and named so.
        let untrusted = await LiveCheck(
            api: Demo.api, transport: CurlTransport(),
            options: LiveOptions(
                baseURL: server.baseURL, environment: ServeHarness.credentials, probes: false)
        ).run()
        #expect(untrusted.verdict == .unreachable)
        #expect(untrusted.allFindings.contains { $0.kind == .tlsUntrusted })
    }
}
