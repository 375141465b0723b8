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
