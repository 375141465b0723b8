import APICheck
import Contracts
import Foundation
import MockServer
import Testing

/// Requests checked against the declarations: problem+json 400s, 404s naming the closest routes,
/// 405 with Allow, HEAD.
@Suite(.serialized) struct ValidationTests {
    static func problem(_ response: HTTPResponse) throws -> JSONValue {
        #expect(response.contentType == "application/problem+json")
        return try JSONParser.parse(response.body)
    }

    static func invalidParams(_ document: JSONValue) -> [String] {
        guard case let .array(items)? = document["invalid-params"] else { return [] }
        return items.map { "\($0["name"]?.stringValue ?? "?") \($0["in"]?.stringValue ?? "?"): \($0["reason"]?.stringValue ?? "?")" }
    }

    @Test func missingAndMistypedParametersAreListed() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        let missing = try await harness.send(.get, "users/show?access_token=\(token)")
        #expect(missing.status == 400)
        #expect(Self.invalidParams(try Self.problem(missing)) == ["uid query: is required (Int64) but missing"])
        let mistyped = try await harness.send(.get, "statuses/home_timeline?count=many&since_id=1.5&access_token=\(token)")
        #expect(mistyped.status == 400)
        #expect(
            Self.invalidParams(try Self.problem(mistyped)) == [
                "since_id query: expects Int64, got String \"1.5\"", "count query: expects Int, got String \"many\"",
            ])
    }

    /// A request without a working session learns that first, as the sandbox and real servers
    /// answer: its missing parameter is judged once the token works.
    @Test func aDeadTokenIsAnsweredBeforeMissingParameters() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let noToken = try await harness.send(.get, "users/show")
        #expect(noToken.status == 403)
        #expect(noToken.contentType != "application/problem+json")
        let unknown = try await harness.send(.get, "users/show?access_token=not-issued")
        #expect(unknown.status == 403)
        let token = try await harness.login()
        let missing = try await harness.send(.get, "users/show?access_token=\(token)")
        #expect(missing.status == 400)
    }

    @Test func bodyParametersAreCheckedInJSONAndForms() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let wrongType = try await harness.send(.post, "Account/login", json: #"{"account": 12, "password": "hunter22"}"#)
        #expect(wrongType.status == 400)
        #expect(Self.invalidParams(try Self.problem(wrongType)) == ["account body: expects String, got Int \"12\""])
        let secret = try await harness.send(.post, "Account/login", json: #"{"account": "demo", "password": 123456}"#)
        #expect(Self.invalidParams(try Self.problem(secret)) == ["password body: expects String, got Int ***"])
        let notJSON = try await harness.send(.post, "Account/login", json: "account=demo")
        #expect(notJSON.status == 400)
        #expect(Self.invalidParams(try Self.problem(notJSON)).first?.hasPrefix("(body) body: is not JSON") == true)
        let form = try await harness.send(
            .post, "Account/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            json: nil)
        #expect(form.status == 400)
        let formLogin = try await harness.transport.send(
            HTTPRequest(
                method: .post, url: harness.server.baseURL.appendingPathComponent("Account/login"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data("account=demo&password=p%20w".utf8)))
        #expect(formLogin.status == 200)
    }

    @Test func anUnknownRouteNamesTheClosestOnes() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let response = try await harness.send(.get, "statuses/home_timelin")
        #expect(response.status == 404)
        let document = try Self.problem(response)
        guard case let .array(closest)? = document["closest"] else { Issue.record("no closest"); return }
        #expect(closest.first?.stringValue == "GET /Api/statuses/home_timeline (statuses.homeTimeline)")
        #expect(document["detail"]?.stringValue?.contains("statuses/{id} needs id as Int64, not \"home_timelin\"") == true)
        let outside = try await harness.send(.get, "/index.html")
        #expect(outside.status == 404)
        #expect(try Self.problem(outside)["detail"]?.stringValue?.contains("routes sit under /Api/") == true)
        let traversal = try await harness.send(.get, "../mocks/topics.json")
        #expect(traversal.status == 404)
    }

    @Test func aWrongMethodGets405WithAllowAndHeadWorks() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let wrong = try await harness.send(.delete, "topics")
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, HEAD")
        let head = try await harness.send(.head, "topics")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("X-Apicheck-Endpoint") == "topics.list")
    }

    @Test func corsAnswersPreflightsAndMarksAnswers() async throws {
        let harness = try ServeHarness(options: MockServerOptions(cors: true))
        defer { harness.stop() }
        let preflight = try await harness.send(
            HTTPMethod(rawValue: "OPTIONS"), "Account/login",
            headers: [
                ("Origin", "http://localhost:3000"),
                ("Access-Control-Request-Headers", "content-type"),
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type")
        #expect(preflight.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        let answer = try await harness.send(.get, "topics", headers: [("Origin", "http://localhost:3000")])
        #expect(answer.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        let plain = try ServeHarness()
        defer { plain.stop() }
        #expect(try await plain.send(.get, "topics").header("Access-Control-Allow-Origin") == nil)
    }

    @Test func aLiteralSegmentWinsOverAParameterAndLookupScales() throws {
        var endpoints: [any EndpointConvertible] = (0..<500).map { index in
            Endpoint<NoContent>(id: "e\(index)", .get, "group\(index % 25)/item\(index)/{id}", parameters: [.path("id", .int)], mock: "m")
        }
        endpoints.append(Endpoint<NoContent>(id: "literal", .get, "group3/item3/special", mock: "m"))
        let api = API(name: "big", envelope: EnvelopePolicy(), endpoints: endpoints)
        let table = RouteTableProbe(api)
        #expect(table.match("GET", "group3/item3/special") == "literal")
        #expect(table.match("GET", "group3/item3/42") == "e3 id=42")
        #expect(table.match("GET", "group24/item499/7") == "e499 id=7")
        #expect(table.match("POST", "group24/item499/7") == "405 GET, HEAD")
        #expect(table.match("GET", "group24/item499/x") == "404")
    }
}
