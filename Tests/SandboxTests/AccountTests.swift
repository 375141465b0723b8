import Foundation
import Testing
@testable import Sandbox

@Suite struct AccountTests {
    let sandbox = SandboxHarness()

    @Test func loginAnswersTheDemoUser() throws {
        let answer = sandbox.post("Account/login", #"{"account":"demo","password":"demo-password"}"#)
        #expect(answer.status == 200)
        #expect(answer.keys == ["code", "msg", "datas"])
        #expect(answer.text.hasPrefix(#"{"code":200,"msg":"success","datas":{"uid":1000000001,"#))
        let user = try #require(answer.datas)
        #expect(layout(user) == ["uid:int", "userName:string", "mail:string", "utoken:string", "expires_in:int"])
        #expect(user["userName"] == .string("demo"))
        #expect(user["mail"] == .string("demo@example.com"))
        #expect(user["expires_in"] == .int(3600))
        let token = try #require(user["utoken"]?.stringValue)
        #expect(token.hasPrefix("2.00"))
        #expect(token.count == 19)
        #expect(token.dropFirst(4).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    @Test func everyLoginIssuesANewToken() {
        let tokens = (0..<20).map { _ in sandbox.login() }
        #expect(Set(tokens).count == 20)
    }

    @Test func expiresInFollowsTheConfiguredLifetime() {
        let short = SandboxHarness(tokenTTL: 90)
        #expect(
            short.post("Account/login", #"{"account":"demo","password":"demo-password"}"#)
                .datas?["expires_in"] == .int(90))
    }

    @Test(arguments: [
        #"{"account":"demo","password":"wrong-password"}"#,
        #"{"account":"nobody","password":"demo-password"}"#,
        #"{"account":"","password":""}"#,
    ])
    func wrongCredentialsGet10002(body: String) {
        let answer = sandbox.post("Account/login", body)
        #expect(answer.status == 200)
        #expect(answer.text == #"{"code":10002,"msg":"wrong account or password","datas":null}"#)
    }

    @Test(arguments: [
        ("{}", "missing parameter: account"),
        ("", "missing parameter: account"),
        ("not json", "missing parameter: account"),
        ("[1,2]", "missing parameter: account"),
        (#"{"account":"demo"}"#, "missing parameter: password"),
        (#"{"account":null,"password":"demo-password"}"#, "missing parameter: account"),
        (#"{"account":12,"password":"demo-password"}"#, "invalid parameter: account"),
        (#"{"account":"demo","password":123456}"#, "invalid parameter: password"),
        (#"{"account":"demo","password":true}"#, "invalid parameter: password"),
    ])
    func badLoginParametersGetMinusOne(body: String, message: String) {
        for path in ["Account/login", "auth/login"] {
            let answer = sandbox.post(path, body)
            #expect(answer.status == 200)
            #expect(answer.code == -1)
            #expect(answer.msg == message)
            #expect(answer.datas == .null)
        }
    }

    @Test func registerCreatesAnAccountThatCanLogIn() throws {
        let answer = sandbox.post(
            "Account/register",
            #"{"account":"newuser","password":"secret1","mail":"new@example.com"}"#)
        #expect(answer.code == 200)
        let user = try #require(answer.datas)
        #expect(layout(user) == ["uid:int", "userName:string", "mail:string", "utoken:string", "expires_in:int"])
        #expect(user["uid"] == .int(1_000_000_011))
        #expect(user["userName"] == .string("newuser"))
        #expect(user["mail"] == .string("new@example.com"))
        let token = try #require(user["utoken"]?.stringValue)
        #expect(sandbox.get("statuses/home_timeline", token: token).code == 200)

        let login = sandbox.post("Account/login", #"{"account":"newuser","password":"secret1"}"#)
        #expect(login.code == 200)
        #expect(login.datas?["uid"] == .int(1_000_000_011))
        #expect(sandbox.get("statuses/home_timeline", token: token).code == 10504)

        let profile = sandbox.get("users/show", [("uid", "1000000011")], token: login.datas?["utoken"]?.stringValue)
        #expect(profile.datas?["screen_name"] == .string("newuser"))
    }

    @Test func registerWithoutMailAnswersNullMail() {
        let answer = sandbox.post("Account/register", #"{"account":"plain","password":"123456"}"#)
        #expect(answer.code == 200)
        #expect(answer.datas?["mail"] == .null)
        #expect(Answer.keys(of: answer.datas) == ["uid", "userName", "mail", "utoken", "expires_in"])
    }

    @Test func registeringAnExistingAccountGets10001() {
        #expect(
            sandbox.post("Account/register", #"{"account":"demo","password":"another-password"}"#).text
                == #"{"code":10001,"msg":"account already exists","datas":null}"#)
        #expect(sandbox.post("Account/register", #"{"account":"twice","password":"123456"}"#).code == 200)
        #expect(sandbox.post("Account/register", #"{"account":"twice","password":"123456"}"#).code == 10001)
    }

    @Test(arguments: [
        (#"{"password":"123456"}"#, "missing parameter: account"),
        (#"{"account":"short"}"#, "missing parameter: password"),
        (#"{"account":"short","password":"12345"}"#, "invalid parameter: password"),
        (#"{"account":"short","password":123456}"#, "invalid parameter: password"),
        (#"{"account":"","password":"123456"}"#, "invalid parameter: account"),
        (#"{"account":"short","password":"123456","mail":42}"#, "invalid parameter: mail"),
    ])
    func badRegistrationsGetMinusOne(body: String, message: String) {
        let answer = sandbox.post("Account/register", body)
        #expect(answer.code == -1)
        #expect(answer.msg == message)
        #expect(sandbox.post("Account/login", #"{"account":"short","password":"123456"}"#).code == 10002)
    }

    @Test func authLoginAnswersTheBareToken() throws {
        let answer = sandbox.post("auth/login", #"{"account":"demo","password":"demo-password"}"#)
        #expect(answer.code == 200)
        #expect(answer.keys == ["code", "msg", "datas"])
        let token = try #require(answer.datas?.stringValue)
        #expect(token.hasPrefix("2.00"))
        #expect(sandbox.get("statuses/home_timeline", token: token).code == 200)
        #expect(sandbox.post("auth/login", #"{"account":"demo","password":"nope"}"#).code == 10002)
    }

    @Test func logoutAnswersNullAndEndsTheToken() {
        let token = sandbox.login()
        let answer = sandbox.post("Account/logout", token: token)
        #expect(answer.text == #"{"code":200,"msg":"success","datas":null}"#)
        let after = sandbox.get("statuses/home_timeline", token: token)
        #expect(after.status == 403)
        #expect(sandbox.post("Account/logout", token: token).status == 403)
    }
}
