import APICheck
import APICheckCLI
import Foundation
import HTTPServer
import TestSupport
import Testing

/// `live` over a socket against a server that takes one API key: a wrong key in the variable is
/// one finding and exit code 2, as refused credentials are, and never printed; the right key
/// passes.
@Suite struct PreIssuedTokenToolTests {
    struct Me: Decodable, Sendable { var user: String }

    static let api = API(
        name: "keys", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
        expired: [.status(401, code: "unknown")], auth: .preIssued(variable: "KEYS_TOKEN", placement: .bearer),
        endpoints: [
            Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token),
            Endpoint<Me>(id: "profile", .get, "profile", mock: "profile", auth: .token),
            Endpoint<Me>(id: "rename", .post, "rename", mock: "rename", auth: .token),
        ])

    func live(key: String) async throws -> (code: Int32, out: String, err: String, requests: [String]) {
        let server = try TestServer { request in
            guard request.header("authorization") == "Bearer key-0123456789" else {
                return .json(Data(#"{"code": "unknown", "message": "Unknown key"}"#.utf8), status: 401)
            }
            return .json(Data(#"{"user": "ada"}"#.utf8))
        }
        defer { server.stop() }
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api, name: "keycheck")
            .run(["live", "--base-url", server.url("/").absoluteString], console: console, environment: ["KEYS_TOKEN": key])
        return (code, captured.out, captured.err, server.requests.map(\.path))
    }

    @Test func aWrongKeyIsOneFindingAndExitCodeTwo() async throws {
        let wrong = try await live(key: "key-9876543210")
        #expect(wrong.code == 2, "\(wrong.out)\(wrong.err)")
        let output = wrong.out + wrong.err
        let message =
            "the token issued beforehand in $KEYS_TOKEN was refused by me (HTTP 401, tokenExpired); check it; "
            + "3 endpoints that need it were not checked"
        #expect(output.components(separatedBy: message).count == 2, "\(output)")
        #expect(wrong.out.components(separatedBy: "skipped: the token in $KEYS_TOKEN was refused").count == 4)
        #expect(!output.contains("key-9876543210"))
        #expect(wrong.requests == ["/me"])

        let right = try await live(key: "key-0123456789")
        #expect(right.code == 0, "\(right.out)\(right.err)")
        #expect(right.requests.filter { $0 == "/rename" }.count == 1)
    }

    /// An imported package's `live --help` said "APICHECK_ACCOUNT and APICHECK_PASSWORD by
    /// default" whatever its API names: it names the API's own variables.
    @Test func liveHelpNamesTheAPIsOwnVariables() async {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api, name: "keycheck").run(["live", "--help"], console: console, environment: [:])
        #expect(code == 0)
        let help = captured.out.split(separator: "\n").joined(separator: " ")
        #expect(help.contains("credentials: the environment variables the API's auth policy names: $KEYS_TOKEN, never flags"), "\(help)")
        #expect(!help.contains("APICHECK_ACCOUNT"))
    }
}
