@testable import APICheck
import Foundation
import Testing
import TestSupport

/// A refresh token declared to travel as a credential (`RefreshPolicy(placement: .bearer)`) is
/// sent there by the client's refresh, and an `Authorization` header parameter that a raw refresh
/// token would fill is a declaration problem.
@Suite struct APIClientRefreshPlacementTests {
    @Test func theClientsRefreshSendsTheRefreshTokenAsABearerCredential() async throws {
        let folder = try BearerRefreshAPI.mockFolder()
        defer { folder.remove() }
        let mocks = MockTransport(directory: folder.url, api: BearerRefreshAPI.api)
        mocks.expire(token: "at-old")
        let session = Session(token: "at-old", refreshToken: "rt-old")
        let me = try await APIClient(api: BearerRefreshAPI.api, transport: mocks, session: session).send(BearerRefreshAPI.me)
        #expect(me.username == "admin")
        let refresh = try #require(mocks.requests.first { $0.endpointID == "security.refresh" })
        #expect(refresh.header("Authorization") == "Bearer rt-old")
        #expect(refresh.body == nil)
        #expect(session.token == "at-refreshed")
        // It does not rotate: the refresh token stays.
        #expect(session.refreshToken == "rt-old")
    }

    @Test func aRawRefreshTokenInTheAuthorizationHeaderIsADeclarationProblem() {
        var api = BearerRefreshAPI.api
        api.auth.refresh = RefreshPolicy(endpoint: "security.refresh", parameter: "Authorization", rotates: false)
        api.endpoints = [
            BearerRefreshAPI.login.erased,
            Endpoint<BearerRefreshAPI.Tokens>(
                id: "security.refresh", .post, "security/refresh", parameters: [.header("Authorization", .string, required: true)],
                mock: "refresh", sessionEffect: .refreshes
            ).erased,
            BearerRefreshAPI.me.erased,
        ]
        let messages = api.authProblems.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("which the raw token cannot fill") == true, "\(messages)")
        #expect(BearerRefreshAPI.api.authProblems.isEmpty)
    }

    /// Declared as the docs say but without a dead-token answer (Superset's package as imported),
    /// nothing reads as a dead token and nothing renews: said, not left to a run full of 401s.
    @Test func aRefreshWithoutADeadTokenAnswerIsADeclarationProblem() {
        var api = BearerRefreshAPI.api
        api.expired = []
        api.envelope = nil
        let messages = api.authProblems.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("declares no dead-token answer") == true, "\(messages)")
    }
}
