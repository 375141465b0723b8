import Sandbox
import Testing

@Suite struct SandboxFaultSpecTests {
    @Test(arguments: [
        ("rename:statuses/home_timeline:screen_name:screenName", SandboxFault.renameField(route: "statuses/home_timeline", from: "screen_name", to: "screenName")),
        ("replace:users/show:followers_count:\"12\"", .replaceField(route: "users/show", key: "followers_count", json: "\"12\"")),
        ("add:topics:hot:{\"a\":1}", .addField(route: "topics", key: "hot", json: "{\"a\":1}")),
        ("remove:Account/login:mail", .removeField(route: "Account/login", key: "mail")),
        ("code:users/show:-1:missing parameter: uid", .envelopeCode(route: "users/show", code: -1, msg: "missing parameter: uid")),
        ("html:topics:502", .html(route: "topics", status: 502)),
        ("delay:topics:250", .delay(route: "topics", milliseconds: 250)),
        ("truncate:config/main.json", .truncate(route: "config/main.json")),
        ("huge:topics:67108864", .hugeBody(route: "topics", bytes: 67_108_864)),
        ("dead-token-accepted", .deadTokenAccepted),
        ("no-revocation", .noRevocation),
    ])
    func parses(_ spec: String, _ fault: SandboxFault) throws {
        #expect(try SandboxFault(spec: spec) == fault)
    }

    @Test(arguments: [
        ("rename:topics:a", "fault 'rename:topics:a' should read rename:ROUTE:FROM:TO"),
        ("html:topics:abc", "fault 'html:topics:abc': 'abc' is not a whole number"),
        ("explode", "unknown fault 'explode'"),
        ("no-revocation:x", "unknown fault 'no-revocation:x'"),
    ])
    func rejects(_ spec: String, _ message: String) {
        do {
            _ = try SandboxFault(spec: spec)
            Issue.record("parsed \(spec)")
        } catch {
            #expect(error.description.hasPrefix(message))
        }
    }
}
