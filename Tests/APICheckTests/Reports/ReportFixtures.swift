import Foundation
@testable import APICheck

/// Fixed reports: nothing here depends on the clock, the machine or the current directory.
enum ReportFixtures {
    static let started = Date(timeIntervalSince1970: 1_767_605_400)  // 2026-01-05T09:30:00Z
    static let workspace = "/work/demo"

    static func timed(_ totalMs: Double, firstByteMs: Double? = nil) -> Timings {
        Timings(dns: 0.0012, connect: 0.0031, tls: 0.0094, firstByte: (firstByteMs ?? totalMs - 2) / 1000, total: totalMs / 1000)
    }

    /// A request as the run sent it, the token and the password standing as their variables.
    static func sent(_ method: HTTPMethod, _ path: String, body: String? = nil) -> SentRequest {
        let request = HTTPRequest(
            method: method, url: URL(string: "http://staging.example.com/Api/" + path)!,
            headers: [("os", "Linux")], body: body.map { Data($0.utf8) })
        return SentRequest(
            request, variables: [.init(value: "tok-123", name: "TOKEN"), .init(value: "s3cret!", name: "APICHECK_PASSWORD")],
            isSecret: { _ in false })
    }

    /// The timeline's decode error and the drift beside it, as the golden reports show them.
    static func screenNameFindings(mock file: String) -> [Finding] {
        [
            Finding(
                kind: .decode, severity: .error, endpoint: "statuses.homeTimeline",
                path: JSONPath([.key("datas"), .key("statuses"), .index(0), .key("user"), .key("screen_name")]),
                expected: "String", found: "absent", message: "$.datas.statuses[0].user.screen_name: expected String, found absent"),
            Finding(
                kind: .driftAdded, severity: .warning, endpoint: "statuses.homeTimeline",
                path: JSONPath([.key("datas"), .key("statuses"), .anyIndex, .key("user"), .key("screenName")]),
                found: "String", message: "not in the mock or the decode type", file: file),
        ]
    }

    static let live = Report(
        command: .live, api: "demo", target: "http://staging.example.com/Api/", startedAt: started, duration: 0.4137,
        concurrency: 8,
        results: [
            CheckResult(
                name: "account.login", role: .endpoint, endpoint: "account.login", method: "POST",
                path: "Account/login", status: 200, classification: "success", timings: timed(41.3),
                requestPath: "Account/login",
                request: sent(.post, "Account/login", body: #"{"account":"demo","password":"s3cret!"}"#)),
            CheckResult(
                name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline", method: "GET",
                path: "statuses/home_timeline", status: 200, classification: "success", timings: timed(57.25),
                findings: ReportFixtures.screenNameFindings(mock: "/work/demo/mocks/statuses.homeTimeline.json"),
                requestPath: "statuses/home_timeline",
                request: sent(.get, "statuses/home_timeline?count=20&q=rate%28up%5B1m%5D%29&access_token=tok-123")),
            CheckResult(
                name: "statuses.publicTimeline", role: .endpoint, endpoint: "statuses.publicTimeline", method: "GET",
                path: "statuses/public_timeline", status: 200, classification: "success", timings: timed(38.9),
                findings: [
                    Finding(
                        kind: .redirect, severity: .info, endpoint: "statuses.publicTimeline",
                        message: "first byte after 36 ms")
                ], requestPath: "statuses/public_timeline"),
            CheckResult(
                name: "statuses.update", role: .endpoint, endpoint: "statuses.update", method: "POST",
                path: "statuses/update", timings: Timings(total: 10.0021),
                findings: [
                    Finding(
                        kind: .timeout, severity: .error, category: .contract, endpoint: "statuses.update",
                        message: "no answer within 10 s")
                ], requestPath: "statuses/update"),
            CheckResult(
                name: "users.lookup", role: .endpoint, endpoint: "users.lookup", method: "GET",
                path: "users/lookup", status: 200, classification: "success", timings: timed(112.4),
                findings: [
                    Finding(
                        kind: .driftRemoved, severity: .warning, endpoint: "users.lookup",
                        path: JSONPath([.key("datas"), .anyIndex, .key("avatar_large")]), expected: "String",
                        found: "absent", message: "in the mock, gone live",
                        file: "/work/demo/mocks/users.lookup.json")
                ], requestPath: "users/lookup"),
            CheckResult(
                name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET",
                path: "users/{id}", status: 200, classification: "success", timings: timed(9.6),
                requestPath: "users/1000000006"),
            CheckResult(
                name: "account.logout", role: .endpoint, endpoint: "account.logout", method: "POST",
                path: "Account/logout", skipped: "the second login failed"),
            CheckResult(
                name: "probe token-expired statuses.homeTimeline", role: .probe, endpoint: "statuses.homeTimeline",
                method: "GET", path: "statuses/home_timeline", status: 403, classification: "tokenExpired", timings: timed(12.0),
                requestPath: "statuses/home_timeline", probe: .tokenExpired),
            CheckResult(
                name: "probe revoked-token statuses.homeTimeline", role: .probe, endpoint: "statuses.homeTimeline",
                method: "GET", path: "statuses/home_timeline", status: 200, classification: "success", timings: timed(14.5),
                findings: [
                    Finding(
                        kind: .probeRevokedToken, severity: .error, endpoint: "statuses.homeTimeline",
                        expected: "logout", found: "success",
                        message: "the first token still works after a second login")
                ], requestPath: "statuses/home_timeline", probe: .revoked),
        ])

    static let unreachable = Report(
        command: .live, api: "demo", target: "http://127.0.0.1:9/Api/", startedAt: started, duration: 0.0031,
        concurrency: 8,
        results: [
            CheckResult(
                name: "account.login", role: .endpoint, endpoint: "account.login", method: "POST",
                path: "Account/login", skipped: "the target is unreachable")
        ],
        runFindings: [
            Finding(
                kind: .unreachable, severity: .error, category: .harness, endpoint: nil,
                message: "cannot connect to 127.0.0.1 port 9: connection refused")
        ])

    static let mocks = Report(
        command: .mocks, api: "demo", target: "/work/demo/mocks", startedAt: started, duration: 0.012,
        results: [
            CheckResult(name: "account.login", role: .endpoint, endpoint: "account.login", method: "POST", path: "Account/login"),
            CheckResult(
                name: "statuses.homeTimeline", role: .endpoint, endpoint: "statuses.homeTimeline", method: "GET",
                path: "statuses/home_timeline",
                findings: [
                    Finding(
                        kind: .missingMock, severity: .error, endpoint: "statuses.homeTimeline",
                        message: "no mock statuses.homeTimeline@expired.json",
                        file: "/work/demo/mocks/statuses.homeTimeline@expired.json")
                ]),
            CheckResult(
                name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET", path: "users/{id}",
                findings: [
                    Finding(
                        kind: .decode, severity: .error, endpoint: "users.show",
                        path: JSONPath([.key("datas"), .key("id")]), expected: "Int64", found: "String",
                        message: "$.datas.id: expected Int64, found String", file: "/elsewhere/users.show.json")
                ]),
        ],
        runFindings: [
            Finding(
                kind: .orphanMock, severity: .warning, endpoint: nil,
                message: "old.json is not used by any declared endpoint", file: "/work/demo/mocks/old.json")
        ])

    static let hostileMessage = "$.datas['a,b']: <b> & \"quoted\" 'single'\nsecond line\rbell\u{1}\u{1B}[31m 100%"

    /// A finding whose every field holds characters each format must escape.
    static let hostile = Report(
        command: .live, api: "demo", target: "http://x/?a=1&b=<2>", startedAt: started, duration: 0.05,
        results: [
            CheckResult(
                name: "users.show", role: .endpoint, endpoint: "users.show", method: "GET", path: "users/{id}",
                status: 200, classification: "failure(10002)", timings: timed(5),
                findings: [
                    Finding(
                        kind: .serverCode, severity: .error, endpoint: "users.show",
                        path: JSONPath([.key("datas"), .key("a,b")]),
                        message: hostileMessage, file: "/ws/mocks/we,ird:name.json")
                ])
        ])
}
