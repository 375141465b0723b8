@testable import APICheckCLI
import Contracts
import Foundation
import TestSupport
import Testing

/// `apicheck proxy` as a user runs it: in front of the bundled sandbox, stopped by SIGTERM or by
/// `--requests`, it writes every report asked for and exits with the code of its findings.
@Suite struct ProxyCommandTests {
    /// The proxy's process, its stderr, and the port it listens on.
    struct Running {
        let pid: pid_t
        let errURL: URL
        let port: Int

        var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

        func get(_ pathAndQuery: String) throws -> String {
            let connection = try RawConnection(port: port, readTimeout: 30)
            connection.send("GET \(pathAndQuery) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            return String(decoding: connection.readUntilClosed() ?? Data(), as: UTF8.self)
        }
    }

    static func start(_ arguments: [String], in folder: URL) async throws -> Running {
        let binary = try #require(BinaryTests.binary, "build the executable first: swift build")
        let errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let errFile = open(errURL.path, O_WRONLY | O_CLOEXEC)
        defer { close(errFile) }
        let pid = try Spawn.start(
            binary.path, ["proxy", "--port", "0"] + arguments, environment: ProcessInfo.processInfo.environment,
            directory: RepositoryPaths.root.path, stderr: errFile)
        for _ in 0..<1500 {
            let text = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            if text.contains("Ctrl-C stops it"),
                let port = text.firstMatch(of: /proxying http:\/\/127\.0\.0\.1:(\d+)\//).flatMap({ Int($0.1) })
            {
                return Running(pid: pid, errURL: errURL, port: port)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        _ = try? Spawn.wait(pid)
        throw Spawn.Failure(description: "the proxy did not start: \((try? String(contentsOf: errURL, encoding: .utf8)) ?? "")")
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["standard", "h2o"]) func sigtermWritesEveryReportWithTheFindingsExitCode(engine: String)
        async throws
    {
        let folder = try TemporaryFolder("proxy-command")
        defer { folder.remove() }
        let json = folder.appendingPathComponent("report.json"), junit = folder.appendingPathComponent("report.xml")
        let running = try await Self.start(
            ["--engine", engine, "--report", "json:\(json.path)", "--report", "junit:\(junit.path)"], in: folder.url)
        var reaped = false
        defer { if !reaped { kill(running.pid, SIGKILL); _ = try? Spawn.wait(running.pid) } }

        #expect(try running.get("/Api/statuses/home_timeline?access_token=secret-token-123&count=abc").hasPrefix("HTTP/1.1 "))
        #expect(try running.get("/Api/topics").hasPrefix("HTTP/1.1 200 "))
        // Checks run after the answer is passed on: wait until the findings show both exchanges.
        for _ in 0..<500 where !(try running.get("/__apicheck/findings")).contains(#""checked":2"#) {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(running.pid, SIGTERM)
        let status = try Spawn.wait(running.pid)
        reaped = true

        #expect(status == 1, "\(running.stderr)")
        #expect(running.stderr.contains("invalid-request"))
        let report = try String(contentsOf: json, encoding: .utf8)
        #expect(report.contains(#""command":"proxy""#) || report.contains(#""command": "proxy""#))
        #expect(report.contains("invalid-request"))
        #expect(!report.contains("secret-token-123"))
        #expect(!running.stderr.contains("secret-token-123"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("statuses.homeTimeline"))
    }

    /// `--history`: the run is kept when the proxy stops, per endpoint reached its verdict,
    /// findings and times; the token the app sent is nowhere in what the history answers.
    @Test(.timeLimit(.minutes(1))) func itsRunIsKeptInTheHistoryWhenItStops() async throws {
        let folder = try TemporaryFolder("proxy-history")
        defer { folder.remove() }
        let store = "sqlite:" + folder.appendingPathComponent("h.sqlite").path
        let running = try await Self.start(["--requests", "3", "--history", store, "--run-id", "ui-tests-42"], in: folder.url)
        var reaped = false
        defer { if !reaped { kill(running.pid, SIGKILL); _ = try? Spawn.wait(running.pid) } }
        #expect(try running.get("/Api/statuses/home_timeline?access_token=secret-token-123&count=abc").hasPrefix("HTTP/1.1 "))
        #expect(try running.get("/Api/topics").hasPrefix("HTTP/1.1 200 "))
        #expect(try running.get("/Api/topics").hasPrefix("HTTP/1.1 200 "))
        let status = try Spawn.wait(running.pid)
        reaped = true
        #expect(status == 1, "\(running.stderr)")

        let runs = await LiveHarness.cli(["history", "runs", "--history", store, "--json"], environment: [:])
        #expect(runs.code == 0, "\(runs.err)")
        #expect(runs.out.contains(#""command": "proxy""#) || runs.out.contains(#""command":"proxy""#), "\(runs.out)")
        // --run-id names the history's run as it names the report's.
        #expect(runs.out.contains(#""reportRunId": "ui-tests-42""#) || runs.out.contains(#""reportRunId":"ui-tests-42""#), "\(runs.out)")
        let rates = await LiveHarness.cli(["history", "pass-rate", "--history", store], environment: [:])
        #expect(rates.out.contains("topics.list"), "\(rates.out)")
        #expect(rates.out.contains("statuses.homeTimeline"), "\(rates.out)")
        let latency = await LiveHarness.cli(["history", "latency", "--history", store, "--json"], environment: [:])
        #expect(latency.out.contains(#""name": "topics.list""#) || latency.out.contains(#""name":"topics.list""#), "\(latency.out)")
        let seen = await LiveHarness.cli(["history", "first-seen", "--history", store], environment: [:])
        #expect(seen.out.contains("invalid-request"), "\(seen.out)")
        for query in ["runs", "pass-rate", "first-seen", "latency", "mock-age"] {
            let answer = await LiveHarness.cli(["history", query, "--history", store, "--json"], environment: [:])
            #expect(!answer.out.contains("secret-token-123"), "\(query)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func requestsStopsItAfterThatManyExchanges() async throws {
        let folder = try TemporaryFolder("proxy-requests")
        defer { folder.remove() }
        let json = folder.appendingPathComponent("report.json")
        let running = try await Self.start(["--requests", "2", "--report", "json:\(json.path)", "--run-id", "ci-run-7"], in: folder.url)
        var reaped = false
        defer { if !reaped { kill(running.pid, SIGKILL); _ = try? Spawn.wait(running.pid) } }
        #expect(try running.get("/Api/topics").hasPrefix("HTTP/1.1 200 "))
        #expect(try running.get("/Api/config/main.json").hasPrefix("HTTP/1.1 200 "))
        let status = try Spawn.wait(running.pid)
        reaped = true
        #expect(status == 0, "\(running.stderr)")
        #expect(running.stderr.contains("2 exchanges: stopping after 2 exchanges"))
        let report = try String(contentsOf: json, encoding: .utf8)
        #expect(report.contains("topics.list"))
        #expect(report.contains(#""runId":"ci-run-7""#) || report.contains(#""runId": "ci-run-7""#), "\(report)")
    }

    /// One exchange is said so: in the stop note and in the report's count of the endpoint's.
    @Test(.timeLimit(.minutes(1))) func oneExchangeIsSaidInTheSingular() async throws {
        let folder = try TemporaryFolder("proxy-one-exchange")
        defer { folder.remove() }
        let json = folder.appendingPathComponent("report.json")
        let running = try await Self.start(["--requests", "1", "--report", "json:\(json.path)"], in: folder.url)
        var reaped = false
        defer { if !reaped { kill(running.pid, SIGKILL); _ = try? Spawn.wait(running.pid) } }
        #expect(try running.get("/Api/topics").hasPrefix("HTTP/1.1 200 "))
        let status = try Spawn.wait(running.pid)
        reaped = true
        #expect(status == 0, "\(running.stderr)")
        #expect(running.stderr.contains("1 exchange: stopping after 1 exchange\n"), "\(running.stderr)")
        let report = try String(contentsOf: json, encoding: .utf8)
        #expect(report.contains(#""1 exchange: "#), "\(report)")
        #expect(!report.contains("1 exchanges"), "\(report)")
    }

    /// The command as parsed from `arguments`, run by no one.
    static func command(_ arguments: [String]) throws -> ProxyCommand {
        let context = CommandContext(
            api: Demo.api, console: Console.capturing().0, environment: [:], sandbox: nil,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), tool: "apicheck")
        return try ProxyCommand(try ParsedArguments(arguments, options: ProxyCommand.options.map(\.spec)), context: context)
    }

    /// `--upload-memory BYTES` (64 MiB unless given) and `--check-memory BYTES` (128 MiB), in the
    /// sizes `--max-body` takes.
    @Test func uploadAndCheckMemoryHaveTheirDefaultsUnlessGiven() throws {
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/"]).options.uploadMemory == 64 << 20)
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/", "--upload-memory", "16M"]).options.uploadMemory == 16 << 20)
        #expect(throws: UsageError.self) { try Self.command(["--upstream", "http://127.0.0.1:1/", "--upload-memory", "lots"]) }
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/"]).options.checkBudget == 128 << 20)
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/", "--check-memory", "1G"]).options.checkBudget == 1 << 30)
        #expect(throws: UsageError.self) { try Self.command(["--upstream", "http://127.0.0.1:1/", "--check-memory", "-1"]) }
    }

    /// `--engine standard|h2o`; what the h2o engine cannot honour is a usage error before anything starts.
    @Test func theEngineIsChosenAndWhatItCannotDoRefused() throws {
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/"]).options.engine == .standard)
        #expect(try Self.command(["--upstream", "https://127.0.0.1:1/", "--engine", "h2o"]).options.engine == .h2o)
        #expect(throws: UsageError.self) { try Self.command(["--upstream", "http://127.0.0.1:1/", "--engine", "nginx"]) }
        #expect(throws: UsageError.self) { try Self.command(["--upstream", "http://127.0.0.1:1/", "--engine", "h2o", "--enforce"]) }
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/", "--enforce"]).options.enforce)
    }

    /// `--env NAME` takes the upstream from the catalog's environments, as `live` takes its
    /// target, and the report names it; with `--upstream` too, or a name the catalog lacks, it is
    /// a usage error.
    @Test func envNamesTheUpstreamFromTheCatalog() throws {
        let named = try Self.command(["--env", "local"])
        #expect(named.upstreamURL == Demo.api.environments["local"])
        #expect(named.environmentName == "local")
        #expect(try Self.command(["--upstream", "http://127.0.0.1:1/"]).environmentName == nil)
        #expect(throws: UsageError.self) { try Self.command(["--env", "local", "--upstream", "http://127.0.0.1:1/"]) }
        #expect(throws: UsageError.self) { try Self.command(["--env", "nowhere"]) }
    }

    /// Paths go upstream as sent: the start line names the address the app uses, the upstream's
    /// path under the proxy's origin, not an arrow that reads as a mapping of one root to the other.
    @Test func theStartLineSaysWhereTheAppTalksTo() {
        let line = ProxyCommand.startLine(
            proxy: URL(string: "http://127.0.0.1:8191/")!, upstream: URL(string: "http://127.0.0.1:8089/api/")!, api: "nautobot")
        #expect(line.hasPrefix("proxying http://127.0.0.1:8191/ → http://127.0.0.1:8089/ for the nautobot API"), "\(line)")
        #expect(line.contains("paths as sent: the app talks to http://127.0.0.1:8191/api/ "), "\(line)")
    }
}
