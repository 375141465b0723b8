import APICheck
import Foundation
import Testing

@Suite struct RedactorTests {
    @Test func masksKnownSecretsFieldsAndQueryValues() {
        let redactor = Redactor(fieldNames: ["utoken", "password", "access_token"])
        redactor.register("2.00SuperSecretToken")
        let text = #"{"utoken": "2.00Other", "password":"hunter22", "x": "2.00SuperSecretToken"} GET /a?access_token=abc123&count=5"#
        let redacted = redactor.redact(text)
        #expect(redacted == #"{"utoken": "***", "password":"***", "x": "***"} GET /a?access_token=***&count=5"#)
    }

    /// A secret field's number is masked; its boolean is a flag, no secret, and stays as sent, so
    /// a reproduce command sends `"refresh_token": true` as the run did.
    @Test func aSecretFieldsFlagStaysAndItsNumberIsMasked() {
        let redactor = Redactor(fieldNames: ["refresh_token", "pin"])
        #expect(redactor.redact(#"{"refresh_token": true, "pin": 1234}"#) == #"{"refresh_token": true, "pin": "***"}"#)
        #expect(redactor.redact(#"{"refresh_token":false}"#) == #"{"refresh_token":false}"#)
        let sent = SentRequest(
            HTTPRequest(
                method: .post, url: URL(string: "http://x.invalid/login")!,
                headers: [("Content-Type", "application/json")], body: Data(#"{"refresh_token": true}"#.utf8)),
            variables: [], isSecret: { _ in false }
        ).mappingText(redactor.redact)
        #expect(sent.body == [.text(#"{"refresh_token": true}"#)])
    }

    /// serve's log redacts every line: a text that is plain ASCII and names no secret field is
    /// cleared in one pass, and anything else still goes through every decoding.
    @Test(arguments: [
        ("/Api/topics?page=2", "/Api/topics?page=2"),
        ("/Api/x?UToken=abcdef&page=2", "/Api/x?UToken=***&page=2"),
        ("/Api/x?page=2&ACCESS_TOKEN=abcdef", "/Api/x?page=2&ACCESS_TOKEN=***"),
        ("/Api/x?%75token=abcdef", "/Api/x?%75token=***"),
        (#"{"Password": "hunter22"}"#, #"{"Password": "***"}"#),
        ("/Api/passwordless", "/Api/passwordless"),
    ])
    func aPlainTextIsClearedAndAnyFieldNameStillMasks(text: String, shown: String) {
        let redactor = Redactor(fieldNames: ["utoken", "password", "access_token"])
        #expect(redactor.redact(text) == shown)
    }

    @Test func snippetIsShortAndRedacted() {
        let redactor = Redactor(fieldNames: ["utoken"])
        let body = Data(("<html>\n<body>" + String(repeating: "x", count: 500) + #""utoken":"abc""#).utf8)
        let snippet = redactor.snippet(of: body, limit: 40)
        #expect(snippet.hasPrefix("<html> <body>xxx"))
        #expect(snippet.hasSuffix("…"))
        #expect(snippet.count == 41)
    }

    @Test func urlsWithoutQuery() {
        #expect(Redactor.withoutQuery(URL(string: "http://u:p@h:1/Api/x?access_token=t")!) == "http://h:1/Api/x")
    }
}
