import Foundation
import Testing
@testable import Sandbox

@Suite struct SandboxFaultTests {
    @Test func renameFieldRenamesEveryOccurrenceInPlace() throws {
        let sandbox = SandboxHarness(faults: [.renameField(route: "statuses/home_timeline", from: "screen_name", to: "screenName")])
        let token = sandbox.login()
        let answer = sandbox.get("statuses/home_timeline", token: token)
        #expect(answer.code == 200)
        let statuses = try #require(answer.datas?["statuses"]?.arrayValue)
        #expect(statuses.count == 20)
        for status in statuses {
            #expect(Answer.keys(of: status["user"]) == ["id", "screenName", "avatar_large", "verified_type", "mbrank"])
        }
        // Other routes keep the field.
        let show = sandbox.get("statuses/4130540976425001", token: token)
        #expect(show.datas?["user"]?["screen_name"] != nil)
    }

    @Test func renameFieldWorksOnTheRawConfig() {
        let sandbox = SandboxHarness(faults: [.renameField(route: "config/main.json", from: "visitorInfo", to: "visitor_info")])
        let tabs = sandbox.get("config/main.json").json.arrayValue ?? []
        #expect(!tabs.isEmpty)
        #expect(tabs.allSatisfy { Answer.keys(of: $0) == ["clsName", "title", "imageName", "visitor_info"] })
    }

    @Test func replaceFieldSetsRawJSON() throws {
        let sandbox = SandboxHarness(faults: [
            .replaceField(route: "users/show", key: "followers_count", json: "\"12\""),
            .replaceField(route: "statuses/{id}", key: "screen_name", json: "null"),
        ])
        let token = sandbox.login()
        let profile = sandbox.get("users/show", [("uid", "1000000002")], token: token)
        #expect(profile.datas?["followers_count"] == .string("12"))
        #expect(Answer.keys(of: profile.datas)[3] == "followers_count")
        let status = sandbox.get("statuses/4130540976425001", token: token)
        #expect(status.datas?["user"]?["screen_name"] == .null)
        #expect(status.text.contains(#""screen_name":null"#))
    }

    @Test func addFieldAddsToEveryObject() throws {
        let sandbox = SandboxHarness(faults: [.addField(route: "topics", key: "hot", json: "true")])
        let topics = try #require(sandbox.get("topics").datas?.arrayValue)
        #expect(topics.count == 20)
        #expect(topics.allSatisfy { Answer.keys(of: $0).last == "hot" && $0["hot"] == .bool(true) })
    }

    @Test func removeFieldRemovesEveryOccurrence() {
        let sandbox = SandboxHarness(faults: [.removeField(route: "statuses/home_timeline", key: "pic_urls")])
        let answer = sandbox.get("statuses/home_timeline", token: sandbox.login())
        #expect(answer.code == 200)
        #expect(!answer.text.contains("pic_urls"))
        #expect(answer.text.contains("screen_name"))
    }

    @Test func envelopeCodeReplacesTheAnswerAndDoesNothing() {
        let sandbox = SandboxHarness(faults: [.envelopeCode(route: "Account/login", code: 500, msg: "server busy")])
        let answer = sandbox.post("Account/login", #"{"account":"demo","password":"demo-password"}"#)
        #expect(answer.status == 200)
        #expect(answer.text == #"{"code":500,"msg":"server busy","datas":null}"#)
        let token = sandbox.post("auth/login", #"{"account":"demo","password":"demo-password"}"#).datas?.stringValue
        #expect(sandbox.get("statuses/home_timeline", token: token).code == 200)
    }

    @Test func htmlAnswersAnNginxPage() {
        let sandbox = SandboxHarness(faults: [.html(route: "config/main.json", status: 502)])
        let answer = sandbox.get("config/main.json")
        #expect(answer.status == 502)
        #expect(answer.response.headers.contains { $0.name == "Content-Type" && $0.value == "text/html" })
        #expect(answer.text.hasPrefix("<html>\n<head><title>502 Bad Gateway</title></head>"))
        #expect(answer.text.contains("<hr><center>nginx"))
        #expect(sandbox.get("topics").code == 200)
    }

    @Test func delayPausesBeforeAnswering() {
        let sandbox = SandboxHarness(faults: [.delay(route: "topics", milliseconds: 150)])
        let start = Date()
        let answer = sandbox.get("topics")
        #expect(Date().timeIntervalSince(start) >= 0.15)
        #expect(answer.code == 200)
        let quick = Date()
        _ = sandbox.get("config/main.json")
        #expect(Date().timeIntervalSince(quick) < 0.15)
    }

    @Test func truncateCutsHalfway() {
        let plain = SandboxHarness().get("topics").response
        let cut = SandboxHarness(faults: [.truncate(route: "topics")]).get("topics").response
        #expect(cut.body == plain.body)
        #expect(cut.truncateAfter == plain.body.count / 2)
    }

    @Test func hugeBodyPadsValidJSON() {
        let plain = SandboxHarness().get("topics")
        let huge = SandboxHarness(faults: [.hugeBody(route: "topics", bytes: 200_000)]).get("topics")
        #expect(huge.response.body.count == 200_000)
        #expect(huge.json == plain.json)
        #expect(huge.response.truncateAfter == nil)
    }

    @Test func deadTokenAcceptedServesDeadTokens() {
        let sandbox = SandboxHarness(faults: [.deadTokenAccepted], tokenTTL: 60)
        #expect(sandbox.get("statuses/home_timeline", token: "2.00NotARealToken12").code == 200)
        #expect(sandbox.get("statuses/home_timeline").code == 200)
        let token = sandbox.login()
        sandbox.clock.advance(by: 120)
        #expect(sandbox.get("users/show", [("uid", "1000000001")], token: token).code == 200)
        // Revocation is a separate switch.
        let first = sandbox.login()
        _ = sandbox.login()
        #expect(sandbox.get("statuses/home_timeline", token: first).code == 10504)
    }

    @Test func noRevocationKeepsEarlierTokens() {
        let sandbox = SandboxHarness(faults: [.noRevocation])
        let first = sandbox.login()
        _ = sandbox.login()
        _ = sandbox.post("auth/login", #"{"account":"demo","password":"demo-password"}"#)
        #expect(sandbox.get("statuses/home_timeline", token: first).code == 200)
        #expect(sandbox.get("statuses/home_timeline", token: "2.00unknown").status == 403)
    }

    @Test func faultsAreScopedToTheirRoute() {
        let faults: [SandboxFault] = [
            .html(route: "users/show", status: 500), .removeField(route: "users/show", key: "id"),
            .truncate(route: "users/show"), .hugeBody(route: "users/show", bytes: 1_000_000),
        ]
        let broken = SandboxHarness(faults: faults)
        let plain = SandboxHarness()
        #expect(broken.get("topics").response.body == plain.get("topics").response.body)
        #expect(SandboxFault.html(route: "users/show", status: 500).route == "users/show")
        #expect(SandboxFault.noRevocation.route == nil)
    }

    @Test func fieldFaultsLeaveFailuresAlone() {
        let sandbox = SandboxHarness(faults: [.addField(route: "statuses/{id}", key: "x", json: "1")])
        let answer = sandbox.get("statuses/1", token: sandbox.login())
        #expect(answer.text == #"{"code":20101,"msg":"status not found","datas":null}"#)
    }
}
