// The README's "In your app" code, kept compiling and passing: the app's side first, then the
// same code over the sandbox (URLSession, topics mocked) and over the mock transport.
import APICheck
import Contracts
import Foundation
import Sandbox
import Synchronization
import Testing
import URLSessionClient

/// Where the app is. In a SwiftUI app this is an `@Observable` the root view switches on.
final class Navigator: Sendable {
    enum Screen: Sendable, Equatable { case login, timeline }
    private let current = Mutex(Screen.login)
    var screen: Screen { current.withLock { $0 } }
    func show(_ screen: Screen) { current.withLock { $0 = screen } }
}

/// The app's one client, its session, and the hook that sends the user to the login screen.
struct AppEnvironment {
    let session = Session()
    let navigator = Navigator()
    let client: APIClient

    init(baseURL: URL, transport: any Transport) {
        client = APIClient(api: Demo.api, baseURL: baseURL, transport: transport, session: session)
        session.observe { [navigator] event in
            switch event {
            case .forcedLogout, .tokenExpired, .loggedOut: navigator.show(.login)
            case .loggedIn: navigator.show(.timeline)
            case .tokenRefreshed: break
            }
        }
    }

    /// What the app runs: URLSession to the server, except the endpoints `APICHECK_MOCKED` names
    /// (set in the Xcode scheme), which answer from the mocks bundled with the app.
    static func running(
        baseURL: URL, mocks: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> AppEnvironment {
        let transport = try MixedTransport(
            network: URLSessionTransport(), mock: MockTransport(directory: mocks, api: Demo.api),
            environment: environment)
        return AppEnvironment(baseURL: baseURL, transport: transport)
    }
}

/// The topics screen's model: built while the backend had no topics yet, against its mock.
struct TopicsModel {
    let client: APIClient
    func titles() async throws -> [String] { try await client.send(Demo.topics).map(\.title) }
}

@Test func theAppTalksToTheServerWithTopicsMocked() async throws {
    let sandbox = SandboxServer()  // the real server, for this test
    try sandbox.start()
    defer { sandbox.stop() }
    let app = try AppEnvironment.running(
        baseURL: sandbox.baseURL, mocks: MockTransport.locateMocks()!,
        environment: ["APICHECK_MOCKED": "topics.*"])

    _ = try await app.client.send(Demo.login, ["account": "demo", "password": "demo-password"])
    #expect(app.navigator.screen == .timeline)
    let timeline = try await app.client.send(Demo.homeTimeline, ["count": 5])  // from the server
    let titles = try await TopicsModel(client: app.client).titles()  // from mocks/topics.json
    #expect(timeline.statuses.count == 5)
    #expect(titles.first == "How do you structure networking code in Swift 6?")

    _ = try await app.client.send(Demo.logout)
    #expect(app.navigator.screen == .login)
}

@Test func theSameCodeOverTheMockTransport() async throws {
    let mocks = MockTransport(directory: MockTransport.locateMocks()!, api: Demo.api)
    let app = AppEnvironment(baseURL: URL(string: "http://mock.invalid/Api/")!, transport: mocks)

    _ = try await app.client.send(Demo.login, ["account": "demo", "password": "demo-password"])
    #expect(try await TopicsModel(client: app.client).titles().count == 5)

    mocks.use("expired", for: Demo.homeTimeline.id)  // replay home_timeline@expired.json (HTTP 403)
    await #expect(throws: APIError.self) { _ = try await app.client.send(Demo.homeTimeline) }
    #expect(app.navigator.screen == .login)
    #expect(app.session.token == nil)
}
