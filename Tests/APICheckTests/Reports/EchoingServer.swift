import APICheck
import Foundation
import TestSupport

/// A server (a transport, in process) that logs in with a hostile token and then echoes that token,
/// the password and the `Authorization` header it was sent back in every form of
/// `SecretEncodings`, with terminal escapes, bidi overrides and invalid UTF-8 around them: in an
/// envelope message, an HTML error page, a `Content-Type`, and the URL it claims to answer from.
struct EchoingServer: Transport {
    let token: String
    let password: String

    struct Empty: Decodable, Sendable {}
    struct Login: Decodable, Sendable { var token: String }

    static let endpoints: [any EndpointConvertible] = [
        Endpoint<Login>(
            id: "echo.login", .post, "login",
            parameters: [
                .body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
                .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil)),
            ],
            mock: "login", sessionEffect: .logsIn),
        Endpoint<Empty>(id: "echo.message", .get, "message", mock: "message", auth: .token),
        Endpoint<Empty>(id: "echo.html", .get, "html", mock: "html", auth: .token),
        Endpoint<Empty>(id: "echo.redirect", .get, "redirect", mock: "redirect", auth: .token),
        Endpoint<Empty>(
            id: "echo.path", .get, "keys/{key}",
            parameters: [.path("key", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil))],
            mock: "path", auth: .token),
    ]

    static func api(_ placement: AuthPolicy.Placement) -> API {
        API(
            name: "echo", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "echo.login", tokenField: "token", placement: placement),
            secretFields: ["password", "key"], endpoints: endpoints)
    }

    /// Every form of every secret the request carried, one per line, and the hostile characters.
    func echo(of request: HTTPRequest) -> String {
        var secrets = [token, password]
        if let authorization = request.header("Authorization") { secrets.append(authorization) }
        let forms = secrets.flatMap { SecretEncodings.forms(of: $0).map { "\($0.name): \($0.text)" } }
        return forms.joined(separator: "\n") + "\n" + SecretEncodings.hostile
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let json = { (text: String) in SecretEncodings.json(text, slash: true, all: false, upper: false) }
        switch request.endpointID {
        case "echo.login":
            return Self.answer(#"{"code": 200, "msg": "welcome \#(json(password))", "datas": {"token": "\#(json(token))"}}"#)
        case "echo.message", "echo.path":
            return Self.answer(#"{"code": 500, "msg": "\#(json(echo(of: request)))", "datas": null}"#)
        case "echo.html":
            var body = Data("<html><title>\(SecretEncodings.hostile)</title>\n\(echo(of: request))".utf8)
            body += Data([0xC3, 0x28, 0xFF, 0xFE])
            return HTTPResponse(status: 502, headers: [("Content-Type", "text/html" + SecretEncodings.hostile)], body: body)
        default:
            let moved =
                "http://user:\(SecretEncodings.percent(password, upper: true, plusForSpace: false))@elsewhere.example/moved/"
                + SecretEncodings.percent(token, upper: false, plusForSpace: false)
                + "?access_token=" + SecretEncodings.percent(token, upper: true, plusForSpace: true) + "#"
                + SecretEncodings.percent(token, upper: true, plusForSpace: false)
            var response = Self.answer(#"{"code": 200, "msg": "ok", "datas": {}}"#)
            response.url = URL(string: moved)
            return response
        }
    }

    static func answer(_ json: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(json.utf8))
    }
}
