import APICheck
import Foundation
import TestSupport

/// An API unlike the demo (token in `token`, sent as `access_token`, a profile whose free text the
/// server fills) whose server, in process, echoes the token and the password back in one form of
/// `MockSecretForms` each: what `record` and `import-har` must never write into a mock.
struct EchoingProfileServer: Transport {
    /// The texts the profile's `bio` and `note` hold.
    let bio: String
    let note: String

    struct Login: Decodable, Sendable { var token: String }
    struct Profile: Decodable, Sendable { var bio: String; var note: String }

    static let api = API(
        name: "profiles", envelope: EnvelopePolicy(),
        auth: AuthPolicy(loginEndpoint: "profiles.login", tokenField: "token", placement: .query("access_token")),
        secretFields: ["password"],
        endpoints: [
            Endpoint<Login>(
                id: "profiles.login", .post, "login",
                parameters: [
                    .body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
                    .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil)),
                ],
                mock: "login", sessionEffect: .logsIn),
            Endpoint<Profile>(id: "profiles.me", .get, "me", mock: "me", auth: .token),
        ])

    static let environment = ["APICHECK_ACCOUNT": "someone", "APICHECK_PASSWORD": MockSecretForms.password]

    /// Echoes form `index` of the token in `bio` and of the password in `note`.
    init(form index: Int) {
        let token = MockSecretForms.forms(of: MockSecretForms.token)[index].text
        let halves = token.split(separator: "\u{0}", maxSplits: 1)
        if halves.count == 2 {
            // The token cut in two: one half in the bio, the other in the note beside it.
            bio = String(halves[0])
            note = String(halves[1])
        } else {
            bio = token
            note = MockSecretForms.forms(of: MockSecretForms.password)[index].text
        }
    }

    init(bio: String, note: String) {
        self.bio = bio
        self.note = note
    }

    static var loginBody: String { #"{"code":200,"msg":"ok","datas":{"token":\#(MockSecretForms.literal(MockSecretForms.token))}}"# }
    var profileBody: String {
        #"{"code":200,"msg":"ok","datas":{"bio":\#(MockSecretForms.literal(bio)),"note":\#(MockSecretForms.literal(note))}}"#
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = request.endpointID == "profiles.login" ? Self.loginBody : profileBody
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }

    /// A HAR capture of the same two exchanges, as a browser would save it.
    var har: Data {
        func entry(_ method: String, _ url: String, query: [[String: String]] = [], post: String?, answer: String) -> [String: Any] {
            var request: [String: Any] = ["method": method, "url": url, "headers": [], "queryString": query, "cookies": []]
            if let post { request["postData"] = ["mimeType": "application/json", "text": post] }
            return [
                "startedDateTime": "2026-11-30T10:00:00.000Z", "request": request,
                "response": ["status": 200, "headers": [], "content": ["mimeType": "application/json", "text": answer]],
            ]
        }
        let token = SecretEncodings.percent(MockSecretForms.token, upper: true, plusForSpace: false)
        let login = #"{"account":"someone","password":\#(MockSecretForms.literal(MockSecretForms.password))}"#
        let document: [String: Any] = [
            "log": [
                "version": "1.2", "creator": ["name": "test"],
                "entries": [
                    entry("POST", "https://profiles.example/login", post: login, answer: Self.loginBody),
                    entry(
                        "GET", "https://profiles.example/me?access_token=\(token)",
                        query: [["name": "access_token", "value": MockSecretForms.token]],
                        post: nil, answer: profileBody),
                ],
            ]
        ]
        return try! JSONSerialization.data(withJSONObject: document)
    }
}
