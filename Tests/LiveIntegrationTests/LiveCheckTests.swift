import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
import Sandbox
import Synchronization
import TestSupport
import Testing

/// `apicheck live` over libcurl against the in-process sandbox: clean, then one fault at a time.
@Suite struct LiveCheckTests {
    @Test func cleanSandboxHasNoFindings() async throws {
        let report = try await LiveHarness.run()
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.endpointResults.count == 11)
        #expect(report.endpointResults.allSatisfy { $0.passed && $0.classification == "success" })
        // Two probes per token endpoint, plus the logged-out and the missing-token probes; the
        // timeline's second page is a paging check of its own, not a probe.
        #expect(report.probeResults.count == 14)
        #expect(report.probeResults.allSatisfy { $0.passed })
        #expect(report.pagingResults.map(\.name) == ["paging statuses.homeTimeline"])
        #expect(report.pagingResults.allSatisfy { $0.passed })
        #expect(report.errorCheckResults.count == 3)
        #expect(report.errorCheckResults.allSatisfy { $0.passed })
        #expect(report.scopeDescription == "11 endpoints + 14 auth probes + 1 paging check + 3 error checks, concurrency 8")
        #expect(report.verdict == .holds)
        let timeline = try #require(report.results.first { $0.name == "statuses.homeTimeline" })
        #expect(timeline.status == 200)
        #expect((timeline.timings?.total ?? 0) > 0)
        let show = try #require(report.results.first { $0.name == "statuses.show" })
        #expect(show.path == "statuses/{id}")
        #expect(show.requestPath == "statuses/4130540976425200")
    }

    @Test func renamedFieldIsADecodeErrorAndAnAddedWarning() async throws {
        let report = try await LiveHarness.run(
            [.renameField(route: "statuses/home_timeline", from: "screen_name", to: "screenName")],
            only: ["statuses.homeTimeline"])
        #expect(
            report.findingLines == [
                "error decode statuses.homeTimeline $.datas.statuses[0].user.screen_name",
                "warning drift-added statuses.homeTimeline $.datas.statuses[*].user.screenName",
            ])
        let decode = try #require(report.allFindings.first { $0.kind == .decode })
        #expect(decode.expected == "String")
        #expect(decode.found == "absent")
        #expect(report.verdict == .violated)
    }

    @Test func typeChangeIsAnError() async throws {
        let report = try await LiveHarness.run(
            [.replaceField(route: "users/show", key: "followers_count", json: "\"12\"")],
            only: ["users.show"])
        #expect(report.findingLines == ["error decode users.show $.datas.followers_count"])
        #expect(report.allFindings.first?.expected == "Int")
        #expect(report.allFindings.first?.found == "String")
    }

    @Test func nullInARequiredFieldIsAnError() async throws {
        let report = try await LiveHarness.run(
            [.replaceField(route: "statuses/{id}", key: "text", json: "null")],
            only: ["statuses.show"])
        #expect(report.findingLines == ["error decode statuses.show $.datas.text"])
        #expect(report.allFindings.first?.found == "null")
    }

    @Test func addedFieldIsAWarningThatFailsOnlyUnderStrict() async throws {
        let report = try await LiveHarness.run([.addField(route: "topics", key: "hot", json: "true")], only: ["topics.list"])
        #expect(report.findingLines == ["warning drift-added topics.list $.datas[*].hot"])
        #expect(report.verdict == .holds)
        let strict = try await LiveHarness.run([.addField(route: "topics", key: "hot", json: "true")], only: ["topics.list"], strict: true)
        #expect(strict.verdict == .violated)
    }

    @Test func removedOptionalFieldIsAWarning() async throws {
        let report = try await LiveHarness.run([.removeField(route: "Account/login", key: "mail")], only: ["account.login"])
        #expect(report.findingLines == ["warning drift-removed account.login $.datas.mail"])
    }

    @Test func envelopeFailureCodeIsAnError() async throws {
        let report = try await LiveHarness.run(
            [.envelopeCode(route: "topics", code: -1, msg: "missing parameter: uid")],
            only: ["topics.list"])
        #expect(report.findingLines == ["error server-code topics.list $.code"])
        #expect(report.allFindings.first?.expected == "200")
        #expect(report.allFindings.first?.found == "-1")
        #expect(report.allFindings.first?.message == "server failure code -1: \"missing parameter: uid\"")
    }

    @Test func htmlErrorPageIsAnErrorShowingItsStart() async throws {
        let report = try await LiveHarness.run([.html(route: "topics", status: 502)], only: ["topics.list"])
        // Its error check gets the page too: another status, and no failure envelope.
        #expect(
            report.findingLines == [
                "error error-check topics.list $.code", "error error-check topics.list -", "error http-status topics.list -",
            ])
        let message = try #require(report.allFindings.first?.message)
        #expect(message.hasPrefix("HTTP 502"))
        #expect(message.contains("text/html"))
        #expect(message.contains("<html>"))
    }

    @Test func deadTokenAnsweredWithout403FailsTheProbes() async throws {
        let report = try await LiveHarness.run([.deadTokenAccepted], only: ["statuses.homeTimeline", "users.show", "account.logout"])
        let probes = report.allFindings.filter { $0.kind.rawValue.hasPrefix("probe-") }.map { "\($0.kind) \($0.endpoint ?? "-")" }.sorted()
        #expect(
            probes == [
                "probe-logged-out statuses.homeTimeline", "probe-missing-token statuses.homeTimeline",
                "probe-token-expired account.logout",
                "probe-token-expired statuses.homeTimeline", "probe-token-expired users.show",
            ])
        let finding = try #require(report.allFindings.first { $0.kind == .probeTokenExpired })
        #expect(finding.expected == "tokenExpired (HTTP 403)")
        #expect(finding.found == "success (HTTP 200)")
        #expect(report.verdict == .violated)
    }

    @Test func noRevocationOnSecondLoginFailsTheLogoutProbes() async throws {
        let report = try await LiveHarness.run([.noRevocation], only: ["statuses.homeTimeline", "topics.like"])
        let probes = report.allFindings.map { "\($0.kind) \($0.endpoint ?? "-")" }.sorted()
        #expect(probes == ["probe-revoked-token statuses.homeTimeline", "probe-revoked-token topics.like"])
        #expect(report.allFindings.first?.expected == "logout (code 10504)")
    }

    @Test func slowEndpointTimesOutWhileOthersPass() async throws {
        let report = try await LiveHarness.run(
            [.delay(route: "topics", milliseconds: 1500)],
            only: ["topics.list", "config.main"], timeout: 0.5)
        // The endpoint's own check and its error check.
        #expect(report.findingLines == ["error timeout topics.list -", "error timeout topics.list -"])
        #expect(report.results.first { $0.name == "config.main" }?.passed == true)
        #expect(report.verdict == .violated)
    }

    @Test func truncatedBodyIsAnError() async throws {
        let report = try await LiveHarness.run([.truncate(route: "config/main.json")], only: ["config.main"])
        #expect(report.allFindings.count == 1)
        #expect(report.allFindings.first?.endpoint == "config.main")
        #expect(report.allFindings.first?.severity == .error)
        #expect(report.verdict == .violated)
    }

    @Test func bodyOverTheCapIsAFinding() async throws {
        let report = try await LiveHarness.run([.hugeBody(route: "topics", bytes: 64 << 20)], only: ["topics.list", "config.main"])
        // The endpoint's own check and its error check.
        #expect(report.findingLines == ["error body-too-large topics.list -", "error body-too-large topics.list -"])
        #expect(report.allFindings.first?.message.contains("32") == true)
        #expect(report.results.first { $0.name == "config.main" }?.passed == true)
    }

    @Test func aSecretQuotedByTheServerIsMaskedInFindings() async throws {
        let report = try await LiveHarness.run(
            [.envelopeCode(route: "topics", code: -1, msg: "bad login demo:demo-password")],
            only: ["topics.list"])
        let finding = try #require(report.allFindings.first)
        #expect(finding.message == "server failure code -1: \"bad login demo:***\"")
    }

    @Test func oneForcedLogoutDoesNotEndTheSessionForTheOthers() async throws {
        let report = try await LiveHarness.run(
            [.envelopeCode(route: "statuses/home_timeline", code: 10504, msg: "logged in on another device")],
            only: ["statuses.homeTimeline", "users.show", "topics.like", "statuses.show"])
        #expect(report.endpointResults.filter { !$0.passed }.map(\.name) == ["statuses.homeTimeline"])
        #expect(report.allFindings.filter { !$0.kind.rawValue.hasPrefix("probe-") }.map(\.kind) == [.forcedLogout])
    }

    @Test func refusedCredentialsAreAConfigurationError() async throws {
        let server = SandboxServer()
        try server.start()
        defer { server.stop() }
        let result = await LiveHarness.cli(
            ["live", "--base-url", server.baseURL.absoluteString],
            environment: ["APICHECK_ACCOUNT": "demo", "APICHECK_PASSWORD": "not-the-password"])
        #expect(result.code == 2)
        #expect(result.out.contains("account.login refused the account in APICHECK_ACCOUNT and APICHECK_PASSWORD"))
        #expect(!result.out.contains("not-the-password"))
        #expect(!result.err.contains("not-the-password"))
    }

    @Test func loginThatNeverAnswersMeansUnreachable() async throws {
        let report = try await LiveHarness.run([.delay(route: "Account/login", milliseconds: 1500)], timeout: 0.3)
        #expect(report.verdict == .unreachable)
        #expect(report.runFindings.map(\.kind) == [.unreachable])
        // Every step waits for the login, so all but the login were skipped, and no probe ran.
        #expect(report.endpointResults.filter { $0.skipped == nil }.map(\.name) == ["account.login"])
        #expect(report.endpointResults.filter { $0.skipped != nil }.allSatisfy { $0.skipped == "the target is unreachable" })
        #expect(report.probeResults.isEmpty)
    }

    @Test func anUnusableSeenValueFallsBackToTheDeclaredSample() async throws {
        let report = try await LiveHarness.run(
            [.replaceField(route: "statuses/home_timeline", key: "id", json: "100000000000000000000")],
            only: ["statuses.homeTimeline", "statuses.show", "users.show"])
        #expect(report.endpointResults.filter { !$0.passed }.map(\.name) == ["statuses.homeTimeline"])
        #expect(report.results.first { $0.name == "statuses.show" }?.requestPath == "statuses/4130540976425200")
    }

    @Test func aLoginAnswered403IsRefusedCredentials() async throws {
        let report = try await LiveHarness.run([.html(route: "Account/login", status: 403)], only: ["account.login", "topics.list"])
        #expect(report.runFindings.map(\.kind) == [.credentials])
        #expect(report.verdict == .incomplete)
        #expect(report.results.first { $0.name == "topics.list" }?.passed == true)
    }

    @Test func aLoginFailingWithAnUnknownCodeIsAContractErrorNotACredentialsProblem() async throws {
        let report = try await LiveHarness.run(
            [.envelopeCode(route: "Account/login", code: 500, msg: "internal error")],
            only: ["account.login"])
        #expect(report.runFindings.map(\.kind) == [.login])
        #expect(report.verdict == .violated)
    }

    @Test func aHugeServerMessageIsCapped() async throws {
        let report = try await LiveHarness.run(
            [.envelopeCode(route: "topics", code: -1, msg: String(repeating: "x", count: 100_000))],
            only: ["topics.list"])
        let message = try #require(report.allFindings.first?.message)
        #expect(message.count < Finding.messageLimit + 100)
        #expect(message.hasSuffix("characters)"))
    }

    /// A server that answers it is busy (503, 429: Prefect on SQLite under a concurrent run) is
    /// sent the request again, after its `Retry-After`, and the last answer is judged; one busy
    /// past the retries, or asking a wait past the longest, is judged as it answered.
    @Test func aBusyAnswerIsSentAgainAndTheLastOneJudged() async throws {
        struct Flow: Codable, Sendable { var id: Int }
        let busyFor = Mutex(["POST /flows": 2, "DELETE /flows/1": 9, "PUT /flows/1": 1])
        let server = try TestServer { request in
            let key = "\(request.method) \(request.path)"
            let busy = busyFor.withLock { left -> Bool in
                guard let count = left[key], count > 0 else { return false }
                left[key] = count - 1
                return true
            }
            guard busy else { return .json(Data(#"{"id": 1}"#.utf8)) }
            let wait = request.method == "PUT" ? "60" : "0"
            return ServerResponse(
                status: key.hasPrefix("POST") ? 429 : 503, headers: [(name: "Retry-After", value: wait)],
                body: Data(#"{"exception_message": "Service Unavailable"}"#.utf8))
        }
        defer { server.stop() }
        let create = Endpoint<Flow>(id: "flows.create", .post, "flows", mock: "flows-create")
        let delete = Endpoint<Flow>(id: "flows.delete", .delete, "flows/1", mock: "flows-delete")
        let update = Endpoint<Flow>(id: "flows.update", .put, "flows/1", mock: "flows-update")
        let api = API(name: "flows", envelope: .none, endpoints: [create, delete, update])
        let report = await LiveCheck(api: api, transport: CurlTransport(), options: LiveOptions(baseURL: server.url("/"))).run()
        let created = try #require(report.results.first { $0.name == "flows.create" })
        #expect(created.passed && created.status == 200, "\(created)")
        #expect(created.findings.map(\.message).contains { $0.contains("(HTTP 429, HTTP 429) and the request was sent again 2 times") })
        #expect(server.requests.filter { $0.method == "POST" }.count == 3)
        // Busy past the retries: the fourth 503 is judged, the endpoint's failure.
        let deleted = try #require(report.results.first { $0.name == "flows.delete" })
        #expect(!deleted.passed && deleted.status == 503)
        #expect(server.requests.filter { $0.method == "DELETE" }.count == 4)
        // A wait of a minute is not waited for: the answer is judged.
        let updated = try #require(report.results.first { $0.name == "flows.update" })
        #expect(!updated.passed && updated.status == 503)
        #expect(server.requests.filter { $0.method == "PUT" }.count == 1)
    }
}
