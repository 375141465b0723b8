import APICheck
import Contracts
import Foundation
import Synchronization
import TestSupport
import Testing

/// Every declared endpoint replayed from mocks/ through the real client, offline.
@Suite struct MockReplayTests {
    let mocks = RepositoryPaths.mocks

    func client(session: Session = Session(token: "2.00SessionTokenForTests")) -> (APIClient, MockTransport) {
        let transport = MockTransport(directory: mocks, api: Demo.api)
        return (APIClient(api: Demo.api, transport: transport, session: session), transport)
    }

    @Test func login() async throws {
        let session = Session()
        let (client, _) = client(session: session)
        let user = try await client.send(Demo.login, ["account": "demo", "password": "demo-password"])
        #expect(user.uid == 1_000_000_001)
        #expect(user.userName == "demo")
        #expect(user.mail == "demo@example.com")
        #expect(user.expiresIn == 3600)
        #expect(session.token == user.utoken)
    }

    @Test func register() async throws {
        let (client, _) = client()
        let user = try await client.send(Demo.register, ["account": "newuser", "password": "secret-1", "mail": "n@example.com"])
        #expect(user.userName == "newuser")
        #expect(user.uid > 1_000_000_010)
    }

    @Test func logout() async throws {
        let session = Session(token: "t0ken-before-logout")
        let events = Mutex<[SessionEvent]>([])
        session.observe { event in events.withLock { $0.append(event) } }
        let (client, transport) = client(session: session)
        let nothing = try await client.send(Demo.logout)
        #expect(nothing == NoContent())
        #expect(session.token == nil)
        #expect(events.withLock { $0 } == [.loggedOut(endpoint: "account.logout")])
        #expect(transport.requests.first?.url.query == "access_token=t0ken-before-logout")
    }

    @Test func homeTimeline() async throws {
        let (client, _) = client()
        let timeline = try await client.send(Demo.homeTimeline, ["count": 5])
        try #require(timeline.statuses.count >= 3)
        #expect(timeline.totalNumber == 200)
        let ids = timeline.statuses.map(\.id)
        #expect(ids == ids.sorted(by: >))
        #expect(timeline.sinceID == ids.first)
        #expect(timeline.maxID == ids[ids.count - 1] - 1)
        #expect(timeline.statuses.allSatisfy { (4_130_540_976_425_001...4_130_540_976_425_200).contains($0.id) })
        #expect(timeline.statuses.contains { !$0.picURLs.isEmpty })
        #expect(timeline.statuses.contains { $0.picURLs.isEmpty })
        let first = try #require(timeline.statuses.first)
        #expect(first.id == 4_130_540_976_425_200)
        #expect(first.user.screenName == "lin_xiaoyu")
        #expect(first.createdAt.hasSuffix("+0800 2011"))
        #expect(first.picURLs.first?.thumbnailPic.hasPrefix("http://") == true)
    }

    @Test func showStatus() async throws {
        let (client, transport) = client()
        let status = try await client.send(Demo.showStatus, ["id": .int(4_130_540_976_425_200)])
        #expect(status.id == 4_130_540_976_425_200)
        #expect(!status.text.isEmpty)
        #expect((1_000_000_001...1_000_000_010).contains(status.user.id))
        #expect(transport.requests.first?.url.path.hasSuffix("/statuses/4130540976425200") == true)
    }

    @Test func showUser() async throws {
        let (client, transport) = client()
        let profile = try await client.send(Demo.showUser, ["uid": 1_000_000_006])
        #expect((1_000_000_001...1_000_000_010).contains(profile.id))
        #expect(!profile.screenName.isEmpty)
        #expect(profile.followersCount >= 0)
        let query = try #require(transport.requests.first?.url.query)
        #expect(query.contains("uid=1000000006"))
    }

    @Test func topics() async throws {
        let (client, _) = client()
        let topics = try await client.send(Demo.topics, ["page": 1, "size": 5])
        #expect(topics.count == 5)
        let first = try #require(topics.first)
        #expect(UUID(uuidString: first.id) != nil)
        #expect(UUID(uuidString: first.userID) != nil)
        #expect(first.createTime > 1_000_000_000)
        #expect(!first.title.isEmpty)
    }

    @Test func likeAndUnlike() async throws {
        let (client, transport) = client()
        let liked = try await client.send(Demo.likeTopic, ["tid": "some-topic"])
        #expect(liked.liked)
        #expect(liked.likeCount >= 1)
        let unliked = try await client.send(Demo.unlikeTopic, ["tid": "some-topic"])
        #expect(!unliked.liked)
        #expect(unliked.likeCount >= 0)
        // The token rides in the query even on POST; the body carries only the declared field.
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.query == "access_token=2.00SessionTokenForTests")
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == #"{"tid":"some-topic"}"#)
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("os") == "Linux")
    }

    @Test func authToken() async throws {
        let session = Session()
        let (client, _) = client(session: session)
        let token = try await client.send(Demo.token, ["account": "demo", "password": "demo-password"])
        #expect(token == "2.00MockTokenForReplay")
        #expect(session.token == token)
    }

    @Test func config() async throws {
        let (client, _) = client()
        let tabs = try await client.send(Demo.config)
        #expect(tabs.count >= 4)
        #expect(tabs.contains { $0.visitorInfo == nil })
        #expect(tabs.contains { $0.visitorInfo?.message.isEmpty == false })
        #expect(tabs.allSatisfy { !$0.clsName.isEmpty && !$0.imageName.isEmpty })
    }

    static let tokenEndpoints: [AnyEndpoint] = Demo.api.endpoints.filter(\.requiresToken)

    @Test(arguments: tokenEndpoints.map(\.id))
    func logoutVariantThrowsAndNotifiesOnce(_ id: String) async throws {
        let endpoint = try #require(Demo.api.endpoint(id))
        let session = Session(token: "2.00SessionTokenForTests")
        let events = Mutex<[SessionEvent]>([])
        session.observe { event in events.withLock { $0.append(event) } }
        let (client, transport) = client(session: session)
        transport.use(ScenarioName.logout, for: id)
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(endpoint, sampleValues(endpoint))
        }
        #expect(error?.reason == .forcedLogout(message: "logged in on another device"))
        #expect(events.withLock { $0 } == [.forcedLogout(endpoint: id, message: "logged in on another device")])
        #expect(session.token == nil)
    }

    @Test(arguments: tokenEndpoints.map(\.id))
    func expiredVariantThrowsTokenExpiredFrom403(_ id: String) async throws {
        let endpoint = try #require(Demo.api.endpoint(id))
        let session = Session(token: "2.00SessionTokenForTests")
        let events = Mutex<[SessionEvent]>([])
        session.observe { event in events.withLock { $0.append(event) } }
        let (client, transport) = client(session: session)
        transport.use(ScenarioName.expired, for: id)
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(endpoint, sampleValues(endpoint))
        }
        #expect(error?.reason == .tokenExpired(status: 403, code: nil))
        #expect(events.withLock { $0 } == [.tokenExpired(endpoint: id)])
    }

    @Test(arguments: [
        ("account.login", "wrong_password", 10002, "wrong account or password"),
        ("account.register", "exists", 10001, "account already exists"),
        ("statuses.show", "not_found", 20101, "status not found"),
    ])
    func failureCodesThrowServerError(_ id: String, _ scenario: String, _ code: Int, _ message: String) async throws {
        let endpoint = try #require(Demo.api.endpoint(id))
        let (client, transport) = client()
        transport.use(ScenarioName(scenario), for: id)
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(endpoint, sampleValues(endpoint))
        }
        #expect(error?.reason == .server(code: .int(code), message: message))
        #expect(error?.source?.hasSuffix("@\(scenario).json") == true)
    }

    @Test func missingRequiredParameterSendsNothing() async throws {
        let (client, transport) = client()
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(Demo.showUser)
        }
        #expect(error?.endpoint == "users.show")
        guard case let .invalidRequest(parameter, problem)? = error?.reason else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(parameter == "uid")
        #expect(problem.contains("missing"))
        #expect(transport.requests.isEmpty)
    }

    @Test func wrongTypeSendsNothing() async throws {
        let (client, transport) = client()
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(Demo.showStatus, ["id": "not-a-number"])
        }
        #expect(error?.reason == .invalidRequest(parameter: "id", problem: #"expects Int64, got String "not-a-number""#))
        let secret = await #expect(throws: APIError.self) {
            _ = try await client.send(Demo.login, ["account": "demo", "password": 12_345_678])
        }
        #expect(secret?.description.contains("12345678") == false)
        #expect(transport.requests.isEmpty)
    }

    @Test func undeclaredParameterIsRejected() async throws {
        let (client, transport) = client()
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(Demo.homeTimeline, ["cuont": 5])
        }
        #expect(error?.reason == .invalidRequest(parameter: "cuont", problem: "is not declared by statuses.homeTimeline"))
        #expect(transport.requests.isEmpty)
    }

    @Test func loginBodyCarriesCredentialsAndNoToken() async throws {
        let (client, transport) = client()
        _ = try await client.send(Demo.login, ["account": "demo", "password": "demo-password"])
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "http://mock.invalid/Account/login")
        let body = try JSONParser.parse(request.body ?? Data())
        #expect(body["account"] == .string("demo"))
        #expect(body["password"] == .string("demo-password"))
    }

    @Test func bearerHeaderPlacement() async throws {
        var api = Demo.api
        api.auth.placement = .bearer
        let transport = MockTransport(directory: mocks, api: api)
        let client = APIClient(api: api, transport: transport, session: Session(token: "2.00HeaderToken"))
        _ = try await client.send(Demo.homeTimeline)
        let request = try #require(transport.requests.first)
        #expect(request.header("Authorization") == "Bearer 2.00HeaderToken")
        #expect(request.url.query?.contains("access_token") != true)
    }

    /// Values good enough to pass validation for any demo endpoint.
    func sampleValues(_ endpoint: AnyEndpoint) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for parameter in endpoint.parameters where parameter.required {
            switch parameter.type {
            case .string: values[parameter.name] = "sample"
            case .int, .int64: values[parameter.name] = 1_000_000_001
            case .double: values[parameter.name] = 1.5
            case .bool: values[parameter.name] = true
            }
        }
        return values
    }
}
