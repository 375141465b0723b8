import Foundation
import Testing
@testable import Sandbox

@Suite struct TokenLifecycleTests {
    /// Every endpoint that needs the token, with a request that would otherwise succeed.
    static let protected: [(method: String, path: String, query: [(String, String)], body: String)] = [
        ("POST", "Account/logout", [], ""),
        ("GET", "statuses/home_timeline", [], ""),
        ("GET", "statuses/4130540976425001", [], ""),
        ("GET", "users/show", [("uid", "1000000001")], ""),
        ("POST", "TopicLikedAdd", [], #"{"tid":"t"}"#),
        ("POST", "TopicLikedRemove", [], #"{"tid":"t"}"#),
    ]

    func call(_ sandbox: SandboxHarness, _ index: Int, token: String?) -> Answer {
        let endpoint = Self.protected[index]
        return sandbox.send(
            endpoint.method, endpoint.path, query: endpoint.query, token: token,
            body: Data(endpoint.body.utf8))
    }

    func expectDead(_ answer: Answer, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == 403, sourceLocation: sourceLocation)
        #expect(
            answer.text == #"{"error":"invalid_access_token","error_code":21332,"request":"/Api/\#(path)"}"#,
            sourceLocation: sourceLocation)
    }

    @Test(arguments: TokenLifecycleTests.protected.indices) func aValidTokenIsServed(index: Int) {
        let sandbox = SandboxHarness()
        #expect(call(sandbox, index, token: sandbox.login()).code == 200)
    }

    @Test(arguments: TokenLifecycleTests.protected.indices) func missingAndUnknownTokensGet403(index: Int) {
        let sandbox = SandboxHarness()
        _ = sandbox.login()
        expectDead(call(sandbox, index, token: nil), path: Self.protected[index].path)
        expectDead(call(sandbox, index, token: "2.00It5tsGQ6eDJE4ec"), path: Self.protected[index].path)
        expectDead(call(sandbox, index, token: ""), path: Self.protected[index].path)
    }

    @Test(arguments: TokenLifecycleTests.protected.indices) func expiredTokensGet403(index: Int) {
        let sandbox = SandboxHarness(tokenTTL: 60)
        let token = sandbox.login()
        sandbox.clock.advance(by: 59)
        #expect(call(sandbox, index, token: token).code == 200)
        sandbox.clock.advance(by: 1)
        expectDead(call(sandbox, index, token: token), path: Self.protected[index].path)
    }

    @Test(arguments: TokenLifecycleTests.protected.indices) func aSecondLoginRevokesTheFirstToken(index: Int) {
        let sandbox = SandboxHarness()
        let first = sandbox.login()
        let second = sandbox.login()
        let answer = call(sandbox, index, token: first)
        #expect(answer.status == 200)
        #expect(answer.text == #"{"code":10504,"msg":"logged in on another device","datas":null}"#)
        #expect(call(sandbox, index, token: second).code == 200)
    }

    @Test(arguments: TokenLifecycleTests.protected.indices) func loggedOutTokensGet403(index: Int) {
        let sandbox = SandboxHarness()
        let token = sandbox.login()
        #expect(sandbox.post("Account/logout", token: token).code == 200)
        expectDead(call(sandbox, index, token: token), path: Self.protected[index].path)
    }

    @Test func bothLoginsRevokeEachOther() {
        let sandbox = SandboxHarness()
        let viaAccount = sandbox.login()
        let viaAuth = sandbox.post("auth/login", #"{"account":"demo","password":"demo-password"}"#).datas?.stringValue
        #expect(sandbox.get("statuses/home_timeline", token: viaAccount).code == 10504)
        #expect(sandbox.get("statuses/home_timeline", token: viaAuth).code == 200)
        _ = sandbox.login()
        #expect(sandbox.get("statuses/home_timeline", token: viaAuth).code == 10504)
    }

    @Test func aLoginRevokesOnlyItsOwnAccount() {
        let sandbox = SandboxHarness()
        let demo = sandbox.login()
        #expect(sandbox.post("Account/register", #"{"account":"other","password":"123456"}"#).code == 200)
        _ = sandbox.login("other", "123456")
        #expect(sandbox.get("statuses/home_timeline", token: demo).code == 200)
    }

    @Test func aFailedLoginRevokesNothing() {
        let sandbox = SandboxHarness()
        let token = sandbox.login()
        #expect(sandbox.login("demo", "wrong-password") == "")
        #expect(sandbox.get("statuses/home_timeline", token: token).code == 200)
    }

    @Test func aRevokedTokenPastItsLifetimeIsDead() {
        let sandbox = SandboxHarness(tokenTTL: 10)
        let first = sandbox.login()
        _ = sandbox.login()
        sandbox.clock.advance(by: 11)
        expectDead(sandbox.get("statuses/home_timeline", token: first), path: "statuses/home_timeline")
    }

    @Test func theTokenIsCheckedBeforeParameters() {
        let sandbox = SandboxHarness()
        expectDead(sandbox.get("users/show"), path: "users/show")
        expectDead(sandbox.post("TopicLikedAdd", "{}"), path: "TopicLikedAdd")
        let first = sandbox.login()
        _ = sandbox.login()
        #expect(sandbox.get("users/show", token: first).code == 10504)
    }

    @Test func theTokenIsReadFromTheQueryOnly() {
        let sandbox = SandboxHarness()
        let token = sandbox.login()
        let inBody = sandbox.post("TopicLikedAdd", #"{"tid":"t","access_token":"\#(token)"}"#)
        #expect(inBody.status == 403)
        #expect(sandbox.post("TopicLikedAdd", #"{"tid":"t"}"#, token: token).code == 200)
    }
}
