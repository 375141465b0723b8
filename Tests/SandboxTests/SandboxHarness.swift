import Foundation
import HTTPServer
import Synchronization
@testable import Sandbox

/// A clock tests move by hand, so token expiry needs no sleeping.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: Double) {
        current.withLock { $0 += seconds }
    }
}

/// One answer of the sandbox, read back into a JSON tree.
struct Answer {
    var response: ServerResponse

    var status: Int { response.status }
    var text: String { String(decoding: response.body, as: UTF8.self) }
    var json: JSONValue { (try? JSONParser.parse(response.body)) ?? .string("<not JSON> " + text) }
    var code: Int64? { json["code"]?.intValue }
    var msg: String? { json["msg"]?.stringValue }
    var datas: JSONValue? { json["datas"] }
    var keys: [String] { Self.keys(of: json) }

    static func keys(of value: JSONValue?) -> [String] {
        guard case let .object(members)? = value else { return [] }
        return members.map(\.key)
    }
}

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

    func send(_ method: String, _ path: String, query: [(String, String)] = [], token: String? = nil,
              body: Data = Data()) -> Answer {
        var query = query.map { (name: $0.0, value: $0.1) }
        if let token { query.append((name: "access_token", value: token)) }
        let headers = [(name: "Content-Type", value: "application/json"), (name: "os", value: "Linux")]
        return Answer(response: api.handle(ServerRequest(method: method, path: "/Api/" + path, query: query,
                                                         headers: headers, body: body)))
    }

    /// Logs in and returns the token, or "" when the login failed.
    func login(_ account: String = "demo", _ password: String = "demo-password") -> String {
        post("Account/login", #"{"account":"\#(account)","password":"\#(password)"}"#)
            .datas?["utoken"]?.stringValue ?? ""
    }
}

/// The names and JSON kinds of an object's members, in order, for comparing against demo-api.md.
func layout(_ value: JSONValue?) -> [String] {
    guard case let .object(members)? = value else { return [] }
    return members.map { "\($0.key):\(kind($0.value))" }
}

func kind(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .double: "double"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
}
