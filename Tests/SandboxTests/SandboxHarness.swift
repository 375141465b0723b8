import Foundation
import HTTPServer
@testable import Sandbox

/// A sandbox driven in-process through `SandboxAPI.handle`, with a clock the test controls.
struct SandboxHarness {
    let api: SandboxAPI
    let clock = TestClock()

    init(faults: [SandboxFault] = [], tokenTTL: Double = 3600) {
        let clock = self.clock
        api = SandboxAPI(configuration: SandboxConfiguration(tokenTTL: tokenTTL, faults: faults, now: { clock.now }))
    }

    func get(_ path: String, _ query: [(String, String)] = [], token: String? = nil) -> Answer {
        send("GET", path, query: query, token: token)
    }

    func post(_ path: String, _ body: String = "{}", token: String? = nil) -> Answer {
        send("POST", path, token: token, body: Data(body.utf8))
    }

    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], token: String? = nil,
        body: Data = Data()
    ) -> Answer {
        var query = query.map { (name: $0.0, value: $0.1) }
        if let token { query.append((name: "access_token", value: token)) }
        let headers = [(name: "Content-Type", value: "application/json"), (name: "os", value: "Linux")]
        return Answer(
            response: api.handle(
                ServerRequest(
                    method: method, path: "/Api/" + path, query: query,
                    headers: headers, body: body)))
    }

    /// Logs in and returns the token, or "" when the login failed.
    func login(_ account: String = "demo", _ password: String = "demo-password") -> String {
        post("Account/login", #"{"account":"\#(account)","password":"\#(password)"}"#)
            .datas?["utoken"]?.stringValue ?? ""
    }
}
