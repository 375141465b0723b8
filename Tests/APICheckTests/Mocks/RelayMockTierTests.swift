import APICheck
import Foundation
import RelayExample
import Synchronization
import Testing

/// The second example API on the mock tier: its mocks pass the audit, and the client replays
/// every kind of answer it declares (no envelope, an error object, a string-status envelope, `{}`,
/// an empty 204, a sum-typed payload, a tuple) through the very code an app runs.
@Suite struct RelayMockTierTests {
    func client(session: Session = Session(token: "syt_YWRh_sessionForTests")) -> (APIClient, MockTransport) {
        let transport = MockTransport(directory: Relay.mocks, api: Relay.api)
        return (APIClient(api: Relay.api, transport: transport, session: session), transport)
    }

    @Test func everyMockPassesTheAudit() {
        let report = MockAudit(api: Relay.api, directory: Relay.mocks).run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(Relay.api.problems.map(\.message) == [])
    }

    @Test func logsInWithoutAnEnvelopeAndSendsABearerToken() async throws {
        let session = Session()
        let (client, transport) = client(session: session)
        let answer = try await client.send(Relay.login, ["user": "ada", "password": "pw"])
        #expect(answer.user_id == "@ada:relay")
        #expect(session.token == "syt_YWRh_mockTokenValue01")
        _ = try await client.send(Relay.whoami)
        #expect(transport.requests.last?.header("Authorization") == "Bearer syt_YWRh_mockTokenValue01")
    }

    @Test func aFailureCarriesTheAPIsOwnCodeAndMessage() async throws {
        let (client, transport) = client()
        transport.use("wrong_password", for: Relay.login.id)
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Relay.login, ["user": "ada", "password": "no"]) }
        #expect(error?.reason == .server(code: "M_FORBIDDEN", message: "Invalid username or password"))
        #expect(error?.description.contains(#"server failure code "M_FORBIDDEN": "Invalid username or password""#) == true)
    }

    @Test func aDeadTokenIsToldByStatusAndCodeAndEndsTheSession() async throws {
        let session = Session(token: "syt_old")
        let ended = Mutex(0)
        session.observe { if case .tokenExpired = $0 { ended.withLock { $0 += 1 } } }
        let (client, transport) = client(session: session)
        transport.use(ScenarioName.expired, for: Relay.joinedRooms.id)
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Relay.joinedRooms) }
        #expect(error?.reason == .tokenExpired(status: 401, code: "M_UNKNOWN_TOKEN"))
        #expect(ended.withLock { $0 } == 1)
    }

    @Test func aStringStatusEnvelopeOnOneEndpointOfAnAPIWithout() async throws {
        let (client, transport) = client()
        let labels = try await client.send(Relay.labels)
        #expect(labels == ["__name__", "instance", "job"])
        let vector = try await client.send(Relay.query, ["query": "up"])
        guard case let .vector(samples) = vector.result else { Issue.record("not a vector: \(vector.result)"); return }
        #expect(samples.first?.metric["job"] == "relay")
        #expect(samples.first?.value.time == 1_764_590_400.5)
        transport.use("scalar", for: Relay.query.id)
        let scalar = try await client.send(Relay.query, ["query": "42"])
        guard case let .scalar(pair) = scalar.result else { Issue.record("not a scalar: \(scalar.result)"); return }
        #expect(pair.value == "42")
        transport.use("bad_query", for: Relay.query.id)
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Relay.query, ["query": "("]) }
        #expect(error?.reason == .server(code: "error", message: "parse error at char 1: unexpected character"))
    }

    @Test func emptyAnswersDecode() async throws {
        let (client, _) = client()
        #expect(try await client.send(Relay.readMarker, ["roomId": "!lobby:relay", "event": "$1"]) == NoContent())
        #expect(try await client.send(Relay.logout) == EmptyObject())
        let room = try await client.send(Relay.roomState, ["roomId": "!lobby:relay"])
        #expect(room.topic == .plain("Say hello"))
        let members = try await client.send(Relay.members, ["roomId": "!lobby:relay"])
        #expect(members.joined.keys.sorted() == ["@ada:relay", "@grace:relay"])
    }
}
