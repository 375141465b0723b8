@testable import APICheck
import Foundation
import Testing

/// Error checks that cannot be sent as declared are declaration problems: `mocks` reports them and
/// `live` refuses to run with them.
@Suite struct ErrorCheckProblemsTests {
    struct Room: Codable, Sendable { var name: String }

    static func api(_ checks: [ErrorCheck], method: HTTPMethod = .get, scenarios: [ScenarioName] = []) -> API {
        API(
            name: "rooms", envelope: .none, errors: ErrorShape(code: "$.errcode", message: "$.error"),
            endpoints: [
                Endpoint<Room>(
                    id: "rooms.show", method, "rooms/{id}",
                    parameters: [.path("id", .string, sample: .literal("!a:x")), .query("limit", .int, sample: .literal(5))],
                    mock: "room", scenarios: scenarios, errorChecks: checks)
            ])
    }

    static func messages(_ api: API) -> [String] { api.problems.map(\.message) }

    @Test func aCheckOnAnUnsafeMethodNeedsToBeDeclaredSafe() {
        let check = ErrorCheck.scenario("not_found", status: 404, code: "M_NOT_FOUND", inputs: ["id": "!nope:x"])
        #expect(
            Self.messages(Self.api([check], method: .post)) == [
                "error check 'not_found' would send a POST request, which is not safe: a server that wrongly accepts its input "
                    + "would act on it; declare it sent: .always if the server refuses that input before it acts"
            ])
        #expect(Self.messages(Self.api([check], method: .get)).isEmpty)
        let optedIn = ErrorCheck.scenario("not_found", status: 404, inputs: ["id": "!nope:x"], sent: .always)
        #expect(Self.messages(Self.api([optedIn], method: .post)).isEmpty)
        #expect(Self.api([check], method: .post).endpoints[0].sentErrorChecks.isEmpty)
        #expect(Self.api([optedIn], method: .delete).endpoints[0].sentErrorChecks == [optedIn])
    }

    @Test func aScenarioNameThatCollidesIsAProblem() {
        let a = ErrorCheck.scenario("not_found", status: 404, inputs: ["id": "!nope:x"])
        let b = ErrorCheck.scenario("not_found", status: 400, inputs: ["limit": -1])
        #expect(Self.messages(Self.api([a, b])) == ["error check 'not_found' is declared twice; one scenario, one check"])
        #expect(
            Self.messages(Self.api([a], scenarios: ["not_found"]))
                == ["error check 'not_found' is also listed in scenarios:; an error check declares its scenario, so drop it from there"])
        let standard = ErrorCheck.scenario("expired", status: 401, inputs: ["id": "!nope:x"])
        #expect(
            Self.messages(Self.api([standard])) == [
                "error check 'expired' takes the name of the standard scenario 'expired'; name it apart"
            ])
        let dotted = ErrorCheck.scenario("not.404", status: 404, inputs: ["id": "!nope:x"])
        #expect(
            Self.messages(Self.api([dotted]))
                == [
                    "error check 'not.404': a scenario is named with letters, digits, _ and - only (it names the mock room@<scenario>.json)"
                ])
    }

    @Test func aListedScenarioThatCannotNameAFileIsAProblemNamingTheEndpoint() {
        let problems = Self.api([], scenarios: ["empty", "gone 410", "a@b"]).problems
        #expect(problems.map(\.endpoint) == ["rooms.show", "rooms.show"])
        #expect(
            problems.map(\.message) == [
                "scenario 'gone 410': a scenario is named with letters, digits, _ and - only (it names the mock room@<scenario>.json)",
                "scenario 'a@b': a scenario is named with letters, digits, _ and - only (it names the mock room@<scenario>.json)",
            ])
        #expect(ScenarioName("not_found-2").isFileNamePart && !ScenarioName("").isFileNamePart)
    }

    @Test func inputsMustBeDeclaredOfTheirTypeAndChangeSomething() {
        #expect(
            Self.messages(Self.api([.scenario("bad_limit", status: 400, inputs: ["limt": -1])]))
                == ["error check 'bad_limit' sets 'limt', which rooms.show does not take (did you mean 'limit'?)"])
        #expect(
            Self.messages(Self.api([.scenario("bad_limit", status: 400, inputs: ["limit": "many"])]))
                == [
                    "error check 'bad_limit' sets 'limit' to String \"many\", but it is declared Int: a request of the wrong type is refused before it is sent"
                ])
        #expect(
            Self.messages(Self.api([.scenario("no_id", status: 400, omitting: ["id"])]))
                == ["error check 'no_id' leaves out the path parameter 'id', which the path cannot go without"])
        #expect(
            Self.messages(Self.api([.scenario("same", status: 400)]))
                == [
                    "error check 'same' provokes nothing: it sends the samples as they are, as the endpoint's own call does; give it inputs: or omitting:"
                ])
        #expect(Self.messages(Self.api([.scenario("no_limit", status: 400, omitting: ["limit"])])).isEmpty)
    }

    @Test func aCheckScenarioIsADeclaredScenarioWithARequiredMock() {
        let api = Self.api([.scenario("not_found", status: 404, inputs: ["id": "!nope:x"])], scenarios: ["other"])
        let endpoint = api.endpoints[0]
        #expect(endpoint.scenarios == ["other", "not_found"])
        #expect(endpoint.listedScenarios == ["other"])
        #expect(api.requiredMockNames(of: endpoint) == ["room", "room@other", "room@not_found"])
    }

    /// An error check on an endpoint that a live run calls only where the session needs it (the
    /// account's other logins, the logout, the refresh) would never run: a declaration problem
    /// naming the endpoint. The session's own login and a login into another account do run
    /// theirs: every check declared either is reported or planned, never silently neither.
    @Test func aCheckOnALogoutLoginOrRefreshThatNeverRunsIsAProblem() {
        let account = Parameter.body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil))
        let password = Parameter.body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil))
        let wrong = ErrorCheck.scenario("wrong", status: 403, inputs: ["password": "nope"], sent: .always)
        let endpoints: [AnyEndpoint] = [
            Endpoint<Room>(
                id: "login", .post, "login", parameters: [account, password], mock: "login", sessionEffect: .logsIn,
                errorChecks: [wrong]
            ).erased,
            Endpoint<Room>(
                id: "sso", .post, "sso", parameters: [account, password], mock: "sso", sessionEffect: .logsIn,
                errorChecks: [wrong]
            ).erased,
            Endpoint<Room>(
                id: "register", .post, "register", parameters: [.body("name", .string, sample: .literal("x"))],
                mock: "register", sessionEffect: .logsIn,
                errorChecks: [.scenario("taken", status: 400, inputs: ["name": "admin"], sent: .always)]
            ).erased,
            Endpoint<Room>(
                id: "refresh", .post, "refresh", parameters: [.body("refresh_token", .string, secret: true)],
                mock: "refresh", sessionEffect: .refreshes,
                errorChecks: [.scenario("unknown", status: 401, inputs: ["refresh_token": "nope"], sent: .always)]
            ).erased,
            Endpoint<Room>(
                id: "logout", .post, "logout", parameters: [.body("all", .bool, required: false, sample: .literal(false))],
                mock: "logout", auth: .token, sessionEffect: .logsOut,
                errorChecks: [.scenario("bad_all", status: 400, inputs: ["all": "x"], sent: .always)]
            ).erased,
            Endpoint<Room>(id: "rooms.show", .get, "rooms/1", mock: "room", auth: .token).erased,
        ]
        let api = API(
            name: "rooms", envelope: .none, errors: ErrorShape(code: "$.errcode", message: "$.error"),
            auth: AuthPolicy(
                loginEndpoint: "login", tokenField: "name", placement: .bearer,
                refresh: RefreshPolicy(endpoint: "refresh", parameter: "refresh_token", refreshToken: "$.name", rotates: false)),
            endpoints: endpoints)
        let flagged = Set(api.problems.filter { $0.message.contains("never run") }.compactMap(\.endpoint))
        #expect(flagged == ["sso", "refresh", "logout"], "\(api.problems.map(\.message))")
        let logout = api.problems.first { $0.endpoint == "logout" }?.message ?? ""
        #expect(logout.hasPrefix("error checks 'bad_all' on logout never run: logout logs out"), "\(logout)")
        let plan = LivePlan(api: api, selected: endpoints, probes: false)
        let planned = Set(
            plan.steps.compactMap { step -> String? in
                if case let .errorCheck(_, endpoint) = step.action { return endpoint.id }
                return nil
            })
        #expect(planned == ["login", "register"])
    }
}
