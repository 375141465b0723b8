// The README's example, kept compiling and passing.
import APICheck
import Contracts
import Synchronization
import Testing

@Test func forcedLogoutSendsTheUserToTheLoginScreen() async throws {
    let transport = MockTransport(directory: MockTransport.locateMocks()!, api: Demo.api)
    let session = Session(token: "any-token")
    let loggedOut = Mutex(0)  // observers are @Sendable
    session.observe { event in if case .forcedLogout = event { loggedOut.withLock { $0 += 1 } } }
    let client = APIClient(api: Demo.api, transport: transport, session: session)

    transport.use("logout", for: Demo.homeTimeline.id)  // replay home_timeline@logout.json
    await #expect(throws: APIError.self) { _ = try await client.send(Demo.homeTimeline, ["count": 5]) }
    #expect(loggedOut.withLock { $0 } == 1)
    #expect(session.token == nil)

    transport.use(nil, for: Demo.homeTimeline.id)  // back to the success file
    session.token = "any-token"
    let timeline = try await client.send(Demo.homeTimeline, ["count": 5])
    #expect(timeline.statuses.first?.user.screenName == "lin_xiaoyu")
}
