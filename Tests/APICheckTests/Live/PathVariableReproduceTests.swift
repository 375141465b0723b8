@testable import APICheck
import Foundation
import Synchronization
import TestSupport
import Testing

/// A path value taken from the environment (JupyterHub's `authorizations/token/{token}`, the token
/// itself) stands in the reproduce command as its variable, as a query value does, so the command
/// runs as written; one the request had to encode stays masked. The secret shows nowhere.
@Suite struct PathVariableReproduceTests {
    struct Owner: Decodable, Sendable { var name: String }

    static let owner = Endpoint<Owner>(
        id: "token.owner", .get, "authorizations/token/{token}",
        parameters: [.path("token", .string, sample: .environment("HUB_AUTHORIZATION_TOKEN", fallback: nil))],
        mock: "token_owner", auth: .token)
    static let api = API(
        name: "hub", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
        auth: .preIssued(variable: "HUB_TOKEN", placement: .scheme("token")), endpoints: [owner])

    /// Answers every request with the owner, keeping the URLs asked.
    final class Hub: Transport, Sendable {
        let urls = Mutex<[String]>([])
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            urls.withLock { $0.append(request.url.absoluteString) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"name": "ada"}"#.utf8))
        }
    }

    func run(token: String) async throws -> (command: String, json: String, sent: String) {
        let hub = Hub()
        let report = await LiveCheck(
            api: Self.api, transport: hub,
            options: LiveOptions(
                baseURL: URL(string: "http://hub.invalid/hub/api/")!,
                environment: ["HUB_TOKEN": token, "HUB_AUTHORIZATION_TOKEN": token], probes: false)
        ).run()
        let command = try #require(report.results.first { $0.name == "token.owner" }?.request.map(ReproduceCommand.curl))
        let sent = try #require(hub.urls.withLock { $0.first { $0.contains("/authorizations/") } })
        return (command, JSONReport.render(report, context: RenderContext(tool: "apicheck")), sent)
    }

    @Test func aPathValueFromTheEnvironmentIsItsVariable() async throws {
        let token = "0f9a7c2e41b84d2c"
        let (command, json, sent) = try await run(token: token)
        #expect(
            command
                == #"curl -X GET 'http://hub.invalid/hub/api/authorizations/token/'"$HUB_AUTHORIZATION_TOKEN" -H 'Authorization: token '"$HUB_TOKEN""#,
            "\(command)")
        // The URL word, the variables set, is the very URL the run sent.
        let word = try #require(command.split(separator: " -H ").first?.dropFirst("curl -X GET ".count))
        let expanded = try Shell.run("/bin/bash", ["-c", "printf %s " + word], environment: ["HUB_AUTHORIZATION_TOKEN": token]).out
        #expect(expanded == sent)
        #expect(SecretProof(secrets: [token]).leaks(in: try JSONParser.parse(Data(json.utf8))).isEmpty, "\(json)")
        #expect(!command.contains(token))
    }

    @Test func anEncodedPathValueStaysMasked() async throws {
        let token = "key/01+23 45%"
        let (command, json, sent) = try await run(token: token)
        #expect(sent == "http://hub.invalid/hub/api/authorizations/token/key%2F01%2B23%2045%25")
        // Written as `"$VAR"`, the value would go unencoded: another path.
        #expect(command.hasPrefix("curl -X GET 'http://hub.invalid/hub/api/authorizations/token/***'"), "\(command)")
        #expect(SecretProof(secrets: [token]).leaks(in: try JSONParser.parse(Data(json.utf8))).isEmpty, "\(json)")
    }

    /// A query parameter reading the token's own variable, on an endpoint that sends no token
    /// (ZenML's download `?token=`): the token issued beforehand is masked in the trace all the same.
    @Test func theTokenIssuedBeforehandIsMaskedWhereverItShows() async throws {
        let download = Endpoint<Owner>(
            id: "download", .get, "download", parameters: [.query("token", .string, sample: .environment("HUB_TOKEN", fallback: nil))],
            mock: "download")
        let api = API(name: "hub", envelope: .none, auth: .preIssued(variable: "HUB_TOKEN", placement: .bearer), endpoints: [download])
        let token = "f00dfacecafe4d2c9b1e"
        let trace = TraceLines()
        let report = await LiveCheck(
            api: api, transport: Hub(),
            options: LiveOptions(baseURL: URL(string: "http://hub.invalid/")!, environment: ["HUB_TOKEN": token], probes: false),
            observers: [trace]
        ).run()
        #expect(trace.lines.contains { $0.contains("/download?token=") }, "\(trace.lines)")
        #expect(!trace.lines.contains { $0.contains(token) }, "\(trace.lines)")
        #expect(
            SecretProof(secrets: [token]).leaks(
                in: try JSONParser.parse(Data(JSONReport.render(report, context: RenderContext(tool: "apicheck")).utf8))
            ).isEmpty)
    }
}
