import Foundation
import Testing
@testable import Sandbox

@Suite struct ConfigTests {
    let sandbox = SandboxHarness()

    @Test func mainJSONIsARawArrayOfTabs() throws {
        let answer = sandbox.get("config/main.json")
        #expect(answer.status == 200)
        #expect(answer.text.hasPrefix(#"[{"clsName":"#))
        let tabs = try #require(answer.json.arrayValue)
        #expect((4...5).contains(tabs.count))
        var nulls = 0
        for tab in tabs {
            #expect(Answer.keys(of: tab) == ["clsName", "title", "imageName", "visitorInfo"])
            #expect(Array(layout(tab).prefix(3)) == ["clsName:string", "title:string", "imageName:string"])
            switch tab["visitorInfo"] {
            case .null?: nulls += 1
            case let info?: #expect(layout(info) == ["imageName:string", "message:string"])
            case nil: Issue.record("visitorInfo absent")
            }
        }
        #expect(nulls >= 1)
        #expect(nulls < tabs.count)
    }

    @Test func mainJSONIgnoresTokens() {
        #expect(sandbox.get("config/main.json", token: "2.00Whatever").status == 200)
    }
}
