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
