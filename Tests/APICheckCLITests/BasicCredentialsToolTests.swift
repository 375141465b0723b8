import APICheck
import APICheckCLI
import Foundation
import HTTPServer
import TestSupport
import Testing

/// HTTP Basic credentials end to end through the command line, against a server that echoes the
/// `Authorization` header it got and the password inside it: sent, probed with a wrong password,
/// never printed or written in any form, declared as `http`/`basic` by `openapi`.
@Suite struct BasicCredentialsToolTests {
    struct Doc: Codable, Sendable {
        var id: String
        var seen: String
        var note: String
    }

    static let api = API(
        name: "couch", envelope: .none, errors: ErrorShape(code: "$.error", message: "$.reason"),
        expired: [.status(401, code: "unauthorized")],
        auth: .basic(accountVariable: "COUCH_USER", passwordVariable: "COUCH_PASSWORD"),
        endpoints: [Endpoint<Doc>(id: "doc", .get, "doc", mock: "doc", auth: .token)])

    static let password = "s3cr3t+pass/word"
    static let environment = ["COUCH_USER": "admin", "COUCH_PASSWORD": password]
    static var credentials: String { AuthPolicy.basicCredentials(account: "admin", password: password) }

    static func server() throws -> TestServer {
        try TestServer { request in
            let header = request.header("authorization") ?? ""
            guard header == "Basic " + credentials else {
                return .json(Data(#"{"error": "unauthorized", "reason": "Name or password is incorrect."}"#.utf8), status: 401)
            }
            let echoed = JSONValue.object([
                ("id", .string("d1")), ("seen", .string(header)),
                ("note", .string(password)),
            ])
            return .json(Data(echoed.compactText.utf8))
        }
    }

    @Test func liveSendsProbesAndNeverShowsTheCredentials() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api, name: "couchcheck")
            .run(
                ["live", "--verbose", "--report", "json", "--base-url", server.url("/").absoluteString], console: console,
                environment: Self.environment)
        let output = captured.out + captured.err
        #expect(code == 0, "\(output)")
        #expect(output.contains("probe token-expired doc"), "\(output)")
        for form in [
            Self.password, Self.credentials, Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
            Self.credentials.replacingOccurrences(of: "/", with: "\\/"),
        ] {
            #expect(!output.contains(form), "\(form)")
        }
        // The probe sent the account with a made-up password: its header is shown, no secret in it.
        let probeHeaders = server.requests.compactMap { $0.header("authorization") }.filter { $0 != "Basic " + Self.credentials }
        let probe = try #require(probeHeaders.first)
        let (account, wrong) = try #require(AuthPolicy.basicParts(of: String(probe.dropFirst("Basic ".count))))
        // Nothing of the real password: not its length, nor its punctuation.
        #expect(account == "admin" && wrong != Self.password && wrong.count != Self.password.count)
        #expect(wrong.allSatisfy { $0.isASCII && $0.isLetter }, "\(wrong)")
        #expect(output.contains(probe), "the made-up credentials show where they were sent")
    }

    @Test func recordWritesNoCredentialsAndOpenAPIDeclaresBasic() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TemporaryFolder("basic-record")
        defer { folder.remove() }
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api, name: "couchcheck")
            .run(
                ["record", "--base-url", server.url("/").absoluteString, "--mocks", folder.url.path], console: console,
                environment: Self.environment)
        #expect(code == 0, "\(captured.out)\(captured.err)")
        let written = try String(contentsOf: folder.appendingPathComponent("doc.json"), encoding: .utf8)
        #expect(!written.contains(Self.password) && !written.contains(Self.credentials), "\(written)")
        #expect(!written.contains("s3cr3t"), "\(written)")

        let (openConsole, document) = Console.capturing()
        #expect(await APICheckTool(api: Self.api, name: "couchcheck").run(["openapi"], console: openConsole, environment: [:]) == 0)
        let schemes = try JSONParser.parse(Data(document.out.utf8))["components"]?["securitySchemes"]
        let scheme = try #require(
            schemes.flatMap { schemes -> JSONValue? in
                if case let .object(members) = schemes { return members.first?.value }
                return nil
            })
        #expect(scheme["type"] == .string("http") && scheme["scheme"] == .string("basic"), "\(scheme.compactText)")
    }
}
