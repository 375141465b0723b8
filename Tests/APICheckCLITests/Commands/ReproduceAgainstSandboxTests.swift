import APICheck
import Contracts
import Foundation
import Sandbox
import TestSupport
import Testing

/// Every reproduce command a report prints is the request the run sent: run with curl against the
/// same sandbox, with the variables set (`$APICHECK_ACCOUNT`, `$APICHECK_PASSWORD`, `$TOKEN` and
/// the probes' tokens), it gets the status the run got. The JSON, text (--verbose) and HTML
/// reports print the same commands.
@Suite(.serialized) struct ReproduceAgainstSandboxTests {
    struct Checked {
        var name: String
        var endpoint: String
        var role: String
        var status: Int
        var command: String
    }

    /// Runs `command` with curl's status on stdout and the body into `body`; nil when curl failed.
    static func run(_ command: String, environment: [String: String], body: URL) throws -> Int? {
        let statusFile = body.deletingLastPathComponent().appendingPathComponent("status-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: statusFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: statusFile) }
        let out = try FileHandle(forWritingTo: statusFile)
        let status = try Spawn.run(
            "/bin/sh", ["-c", command + " -s -o '\(body.path)' -w '%{http_code}'"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(environment) { $1 },
            stdout: out.fileDescriptor)
        try out.close()
        guard status == 0 else { return nil }
        return Int(try String(contentsOf: statusFile, encoding: .utf8))
    }

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test func everyReproduceCommandGetsTheStatusTheRunGot() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let folder = try TemporaryFolder("reproduce")
        defer { folder.remove() }
        let text = folder.appendingPathComponent("report.txt"), page = folder.appendingPathComponent("report.html")
        let result = await LiveHarness.cli([
            "live", "--base-url", server.baseURL.absoluteString, "--verbose",
            "--report", "json", "--report", "text:" + text.path, "--report", "html:" + page.path,
        ])
        #expect(result.code == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        let checked = results.compactMap { result -> Checked? in
            guard let command = result["reproduce"] as? String, let status = result["status"] as? Int else { return nil }
            return Checked(
                name: result["name"] as? String ?? "", endpoint: result["endpoint"] as? String ?? "",
                role: result["role"] as? String ?? "", status: status, command: command)
        }
        #expect(checked.count == results.filter { $0["status"] is Int }.count, "every call that was answered has its command")
        // Nothing secret in any command: the variables stand for it.
        for command in checked.map(\.command) {
            #expect(!command.contains(LiveHarness.credentials["APICHECK_PASSWORD"]!))
            #expect(command.hasPrefix("curl -X "))
        }
        // A value seen in an earlier answer is sent, not a placeholder.
        let show = try #require(checked.first { $0.name == "statuses.show" })
        #expect(show.command.contains("/Api/statuses/4130540976425"), "\(show.command)")

        // The text report (--verbose) and the HTML page print the very same commands.
        let textReport = try String(contentsOf: text, encoding: .utf8), htmlPage = try String(contentsOf: page, encoding: .utf8)
        for entry in checked {
            #expect(textReport.contains("reproduce: " + entry.command), "\(entry.name)")
            if results.contains(where: { $0["name"] as? String == entry.name && !(($0["findings"] as? [Any]) ?? []).isEmpty }) {
                #expect(htmlPage.contains(Self.html(entry.command)), "\(entry.name)")
            }
        }

        // As the run did: other logins first (a login revokes the account's earlier tokens), then
        // the session's, every call with its token and the dead-token probes; a second login
        // revokes that token for the revoked-token probes; the logout ends the second login's
        // token for the logged-out probe.
        var environment = LiveHarness.credentials
        environment["DEAD_TOKEN"] = "never-issued-0000000000000000"
        let body = folder.appendingPathComponent("body.json")
        let logsIn = Set(Demo.api.endpoints.filter { $0.sessionEffect == .logsIn }.map(\.id))
        let endpoints = checked.filter { $0.role == "endpoint" }
        let login = try #require(endpoints.first { $0.endpoint == Demo.api.auth.loginEndpoint })
        func probes(_ variable: String) -> [Checked] { checked.filter { $0.role == "probe" && $0.command.contains("\"$\(variable)\"") } }
        var ran = 0
        func send(_ entries: [Checked]) throws {
            for entry in entries {
                let status = try Self.run(entry.command, environment: environment, body: body)
                #expect(status == entry.status, "\(entry.name): \(entry.command)")
                ran += 1
                if entry.endpoint == login.endpoint {
                    let answer = try JSONParser.parse(Data(contentsOf: body))
                    environment["TOKEN"] = try #require(answer["datas"]?["utoken"]?.stringValue)
                }
            }
        }
        try send(endpoints.filter { logsIn.contains($0.endpoint) && $0.endpoint != login.endpoint } + [login])
        try send(endpoints.filter { !logsIn.contains($0.endpoint) && Demo.api.endpoint($0.endpoint)?.sessionEffect != .logsOut })
        try send(checked.filter { $0.role == "paging" })
        try send(checked.filter { $0.role == "error-check" })
        // The dead-token probe's made-up token is written out in its command, as it was sent.
        let dead = checked.filter { $0.role == "probe" && $0.name.hasPrefix("probe token-expired") }
        #expect(!dead.isEmpty && dead.allSatisfy { !$0.command.contains("$DEAD_TOKEN") })
        try send(dead)
        // The missing-token probe's command carries no token at all.
        try send(checked.filter { $0.role == "probe" && $0.name.hasPrefix("probe missing-token") })
        environment["REVOKED_TOKEN"] = environment["TOKEN"]
        try send([login])
        try send(probes("REVOKED_TOKEN"))
        environment["LOGGED_OUT_TOKEN"] = environment["TOKEN"]
        try send(endpoints.filter { Demo.api.endpoint($0.endpoint)?.sessionEffect == .logsOut })
        try send(probes("LOGGED_OUT_TOKEN"))
        // Every command of the report was sent (the login twice).
        #expect(ran == checked.count + 1)
    }
}
