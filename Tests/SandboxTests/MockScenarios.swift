import Foundation
@testable import Sandbox
import TestSupport

/// The bodies of `mocks/`, captured from a fresh sandbox per scenario. Tokens are replaced by a
/// placeholder, because a mock file must never hold a real token and must not change between runs.
enum MockScenarios {
    static let placeholderToken = SessionMocks.placeholderToken
    static let demoLogin = #"{"account":"demo","password":"demo-password"}"#

    /// The repository's `mocks/` folder, found from this file's own place in the tree.
    static var directory: URL { RepositoryPaths.mocks }

    /// File name (without `.json`) and the body, in the order they are written.
    static func all() -> [(name: String, body: SandboxJSON)] {
        var mocks: [(String, SandboxJSON)] = []
        func add(_ name: String, _ answer: Answer) {
            mocks.append((name, redacted(answer.json)))
        }
        let newest = "4130540976425200"

        add("login", SandboxHarness().post("Account/login", demoLogin))
        add("login@wrong_password", SandboxHarness().post("Account/login", #"{"account":"demo","password":"wrong-password"}"#))
        add(
            "register",
            SandboxHarness().post(
                "Account/register",
                #"{"account":"newuser","password":"newuser-password","mail":"newuser@example.com"}"#))
        add("register@exists", SandboxHarness().post("Account/register", #"{"account":"demo","password":"demo-password"}"#))

        authScenarios("logout", add: add) { $0.post("Account/logout", token: $1) }
        authScenarios("home_timeline", add: add) { $0.get("statuses/home_timeline", [("count", "5")], token: $1) }
        authScenarios("status_show", add: add) { $0.get("statuses/\(newest)", token: $1) }
        let missing = SandboxHarness()
        add("status_show@not_found", missing.get("statuses/4130540976425999", token: missing.login()))
        authScenarios("user_show", add: add) { $0.get("users/show", [("uid", "1000000001")], token: $1) }

        add("topics", SandboxHarness().get("topics", [("page", "1"), ("size", "5")]))
        let tid = #"{"tid":"\#(DemoData.topics[0].id)"}"#
        authScenarios("topic_like", add: add) { $0.post("TopicLikedAdd", tid, token: $1) }
        authScenarios("topic_unlike", add: add) { sandbox, token in
            _ = sandbox.post("TopicLikedAdd", tid, token: token)
            return sandbox.post("TopicLikedRemove", tid, token: token)
        }

        add("auth_token", SandboxHarness().post("auth/login", demoLogin))
        add("config_main", SandboxHarness().get("config/main.json"))
        return mocks
    }

    /// The success answer, then the same call with a token revoked by a second login (`@logout`)
    /// and with a token past its lifetime (`@expired`).
    private static func authScenarios(
        _ name: String, add: (String, Answer) -> Void,
        call: (SandboxHarness, String) -> Answer
    ) {
        let fresh = SandboxHarness()
        add(name, call(fresh, fresh.login()))

        let revoked = SandboxHarness()
        let first = revoked.login()
        _ = revoked.login()
        add(name + "@logout", call(revoked, first))

        let expired = SandboxHarness()
        let token = expired.login()
        expired.clock.advance(by: 3600)
        add(name + "@expired", call(expired, token))
    }

    private static func redacted(_ body: SandboxJSON) -> SandboxJSON {
        let placeholder = SandboxJSON.string(placeholderToken)
        var body = body.replacingValues(of: "utoken", with: placeholder)
        if case let .object(members) = body, case .string? = body["datas"], body["code"] == .int(200) {
            body = .object(members.map { ($0.key, $0.key == "datas" ? placeholder : $0.value) })
        }
        return body
    }

    static func fileText(_ body: SandboxJSON) -> String {
        body.prettyText + "\n"
    }
}
