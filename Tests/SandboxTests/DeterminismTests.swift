import Foundation
import Testing
@testable import Sandbox

@Suite struct DeterminismTests {
    /// The same conversation with two sandboxes, token values included.
    func conversation(_ sandbox: SandboxHarness) -> [Data] {
        let token = sandbox.login()
        let tid = DemoData.topics[3].id
        return [
            sandbox.post("Account/register", #"{"account":"newuser","password":"123456"}"#),
            sandbox.post("auth/login", #"{"account":"demo","password":"demo-password"}"#),
            sandbox.get("statuses/home_timeline", [("count", "100")], token: token),
            sandbox.get("statuses/4130540976425077", token: token),
            sandbox.get("users/show", [("uid", "1000000004")], token: token),
            sandbox.get("topics", [("size", "50")]),
            sandbox.post("TopicLikedAdd", #"{"tid":"\#(tid)"}"#, token: token),
            sandbox.get("config/main.json"),
            sandbox.post("Account/login", #"{"account":"demo","password":"demo-password"}"#),
        ].map(\.response.body) + [Data(token.utf8)]
    }

    @Test func twoSandboxesAnswerByteForByteTheSame() {
        #expect(conversation(SandboxHarness()) == conversation(SandboxHarness()))
    }

    @Test func demoDataIsFixed() {
        #expect(DemoData.statuses.count == 200)
        #expect(DemoData.statuses.first?.id == 4_130_540_976_425_200)
        #expect(DemoData.statuses.last?.id == 4_130_540_976_425_001)
        #expect(DemoData.topics.count == 50)
        #expect(Set(DemoData.topics.map(\.id)).count == 50)
        #expect(DemoData.authors.map(\.id) == Array(1_000_000_001...1_000_000_010))
        #expect(SandboxServer.demoAccount == "demo")
        #expect(SandboxServer.demoPassword == "demo-password")
    }
}
