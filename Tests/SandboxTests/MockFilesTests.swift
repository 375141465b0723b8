import Foundation
import Testing
@testable import Sandbox

/// `mocks/` must say exactly what the sandbox says. To rewrite the files after a deliberate change
/// of the sandbox: `APICHECK_RECORD_MOCKS=1 swift test --filter MockFilesTests`.
@Suite(.serialized) struct MockFilesTests {
    static let recording = ProcessInfo.processInfo.environment["APICHECK_RECORD_MOCKS"] == "1"

    @Test(.enabled(if: recording, "set APICHECK_RECORD_MOCKS=1 to rewrite mocks/"))
    func recordMocks() throws {
        let directory = MockScenarios.directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, body) in MockScenarios.all() {
            try Data(MockScenarios.fileText(body).utf8)
                .write(to: directory.appendingPathComponent(name + ".json"), options: .atomic)
        }
    }

    @Test(.disabled(if: recording, "recording"))
    func mocksMatchTheSandbox() throws {
        for (name, body) in MockScenarios.all() {
            let url = MockScenarios.directory.appendingPathComponent(name + ".json")
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text == MockScenarios.fileText(body), "mocks/\(name).json is stale")
        }
    }

    @Test func mocksHoldNoRealToken() {
        for (name, body) in MockScenarios.all() {
            let text = body.compactText
            let tokens = text.matches(of: #/2\.00[0-9A-Za-z]+/#).map { String($0.output) }
            #expect(tokens.allSatisfy { $0 == MockScenarios.placeholderToken }, "\(name): \(tokens)")
        }
    }

    @Test func scenariosAnswerWhatTheirNamesSay() {
        let mocks = Dictionary(uniqueKeysWithValues: MockScenarios.all().map { ($0.name, $0.body) })
        #expect(mocks.count == 26)
        for (name, body) in mocks {
            switch name.split(separator: "@").dropFirst().first {
            case "logout"?:
                #expect(body.compactText == #"{"code":10504,"msg":"logged in on another device","datas":null}"#, "\(name)")
            case "expired"?:
                #expect(body["error_code"] == .int(21332), "\(name)")
            case "wrong_password"?: #expect(body["code"] == .int(10002))
            case "exists"?: #expect(body["code"] == .int(10001))
            case "not_found"?: #expect(body["code"] == .int(20101))
            case nil where name == "config_main": #expect(body.arrayValue != nil)
            case nil: #expect(body["code"] == .int(200), "\(name)")
            default: Issue.record("unexpected scenario \(name)")
            }
        }
        #expect(mocks["logout@expired"]?["request"] == .string("/Api/Account/logout"))
        #expect(mocks["status_show@expired"]?["request"] == .string("/Api/statuses/4130540976425200"))
        #expect(mocks["auth_token"]?["datas"] == .string(MockScenarios.placeholderToken))
        #expect(mocks["login"]?["datas"]?["utoken"] == .string(MockScenarios.placeholderToken))
        let pictures = mocks["home_timeline"]?["datas"]?["statuses"]?.arrayValue?.map { $0["pic_urls"]?.arrayValue?.count ?? 0 }
        #expect(pictures?.contains(0) == true)
        #expect(pictures?.contains { $0 > 0 } == true)
    }
}
