import APICheck
import Foundation
import TestSupport
import Testing

/// Secrets echoed in every form they can take in JSON or in transit are masked, and so are the
/// values of the API's secret fields however their names and values are escaped.
@Suite struct RedactorEncodingTests {
    @Test(arguments: SecretEncodings.secrets)
    func everyFormOfASecretIsMasked(_ secret: String) {
        let redactor = Redactor(fieldNames: ["utoken"])
        redactor.register(secret)
        for form in SecretEncodings.forms(of: secret) {
            let text = "before " + form.text + " after"
            // The table means something only if a reader can find the secret in the form.
            #expect(SecretEncodings.leak(of: secret, in: text) != nil, "\(form.name) does not hold the secret")
            let redacted = redactor.redact(text)
            #expect(SecretEncodings.leak(of: secret, in: redacted) == nil, "\(form.name) leaks: \(redacted)")
            #expect(
                redacted.hasPrefix("before ") && redacted.hasSuffix(" after") && redacted.contains(Redactor.mask),
                "\(form.name): \(redacted)")
        }
    }

    /// A multipart upload's secret field (a login sent as a form with parts) is masked by its
    /// part's name, as a JSON member's is by its key; other parts are kept.
    @Test func aSecretPartOfAMultipartBodyIsMasked() throws {
        let redactor = Redactor(fieldNames: ["password"])
        let (data, _) = MultipartBody.encode([
            MultipartBody.Part(name: "user", content: Data("ada".utf8)),
            MultipartBody.Part(name: "Password", contentType: "text/plain", content: Data("hunter2 with spaces".utf8)),
            MultipartBody.Part(name: "note", content: Data("password is not here".utf8)),
        ])
        let redacted = redactor.redact(String(decoding: data, as: UTF8.self))
        #expect(!redacted.contains("hunter2"))
        #expect(redacted.contains("Content-Type: text/plain\r\n\r\n***\r\n--"))
        #expect(redacted.contains("ada"))
        #expect(redacted.contains("password is not here"))
    }

    @Test func formsInsideJSONAndURLsKeepWhatSurroundsThem() {
        let redactor = Redactor(fieldNames: [])
        redactor.register("a/b c")
        #expect(redactor.redact(#"{"echo":"a\/b c","n":1}"#) == #"{"echo":"***","n":1}"#)
        #expect(redactor.redact("GET /x?q=a%2fb+c&page=2") == "GET /x?q=***&page=2")
        #expect(redactor.redact(#"{"u":"https:\/\/h\/?t=a%2Fb%20c#f"}"#) == #"{"u":"https:\/\/h\/?t=***#f"}"#)
        #expect(redactor.redact(#"\u0061\u002F\u0062\u0020\u0063!"#) == "***!")
    }

    @Test func surrogatePairsAndNonASCIIInEveryCase() {
        let redactor = Redactor(fieldNames: [])
        redactor.register("key😀é")
        #expect(redactor.redact(#"x \ud83d\ude00 key\uD83D\uDE00\u00E9 y"#) == #"x \ud83d\ude00 *** y"#)
        #expect(redactor.redact("x key%F0%9F%98%80%c3%a9 y") == "x *** y")
        #expect(redactor.redact("x key&#128512;&#xE9; y") == "x *** y")
    }

    @Test func secretFieldValuesAreMaskedHoweverTheyAreEscaped() {
        let redactor = Redactor(fieldNames: ["utoken", "password", "access_token"])
        let samples = [
            #"{"utoken": "plain-value-1"}"#,
            #"{"msg": "{\"utoken\":\"nested-value-2\"}"}"#,
            #"{"\u0075token": "escaped-name-3"}"#,
            #"{"password": 12345678}"#,
            "next=https%3A%2F%2Fh%2Fcb%3Faccess_token%3Dpercent-value-4%26x%3D1",
            #"{"link": "https:\/\/h\/cb?access_token=json-url-value-5&x=1"}"#,
            "&lt;p&gt;{&quot;password&quot;: &quot;xml-value-6&quot;}",
        ]
        for (index, sample) in samples.enumerated() {
            let redacted = redactor.redact(sample)
            #expect(!redacted.contains("value-\(index + 1)") && !redacted.contains("12345678"), "\(sample) -> \(redacted)")
            #expect(redacted.contains(Redactor.mask), "\(sample) -> \(redacted)")
        }
        // Unchanged where it was right: the field keeps its quotes, a bare scalar gets them.
        #expect(redactor.redact(#"{"password": 12345678, "n": 2}"#) == #"{"password": "***", "n": 2}"#)
        #expect(redactor.redact(#"{"password": ""}"#) == #"{"password": "***"}"#)
    }

    @Test func credentialsInDefaultHeadersAreSecretsFromTheStart() {
        let api = API(
            name: "basic", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "login", tokenField: "token", placement: .bearer),
            defaultHeaders: [("Authorization", "Basic dXNlcjpwYXNzd29yZA=="), ("X-Api-Key", "key-0123456789")],
            secretFields: ["x-api-key"], endpoints: [])
        let redactor = api.makeRedactor()
        #expect(redactor.redact("echo: Basic dXNlcjpwYXNzd29yZA==") == "echo: ***")
        #expect(redactor.redact("cred=dXNlcjpwYXNzd29yZA%3D%3D") == "cred=***")
        #expect(redactor.redact("key key-0123456789") == "key ***")
        #expect(redactor.isSecretHeader("authorization") && redactor.isSecretHeader("Cookie") && redactor.isSecretHeader("X-API-KEY"))
        #expect(!redactor.isSecretHeader("Content-Type"))
    }

    @Test func credentialsInAURLAndTheBasicValueMadeOfThem() {
        let redactor = Redactor(fieldNames: [])
        redactor.registerCredentials(in: URL(string: "http://qa-bot:p%40ss%2Fw%C3%B6rd@h/Api/")!)
        let basic = Data("qa-bot:p@ss/wörd".utf8).base64EncodedString()
        #expect(redactor.redact("echo: Basic \(basic)") == "echo: Basic ***")
        #expect(redactor.redact("p%40ss%2Fw%c3%b6rd and qa-bot") == "*** and ***")
    }

    /// Whitespace collapses in a snippet: a secret far into a body must not show cut in half.
    @Test func aSnippetNeverShowsASecretCutByItsPrefix() {
        let secret = "snippet-secret-0123456789/abcdef"
        let redactor = Redactor(fieldNames: [])
        redactor.register(secret)
        for offset in [16 * 1024, 64 * 1024] {
            let body = Data(("a" + String(repeating: " ", count: offset - 11) + secret + " tail").utf8)
            let snippet = redactor.snippet(of: body, limit: 400)
            #expect(!snippet.contains("snippet-"), "\(offset): \(snippet)")
        }
        #expect(redactor.snippet(of: Data(("a   " + secret + "\n\tb").utf8)) == "a *** b")
    }

    @Test func composedAndDecomposedFormsAreOneSecret() {
        let redactor = Redactor(fieldNames: [])
        redactor.register("caf\u{E9}-pass")
        #expect(redactor.redact("a cafe\u{301}-pass b") == "a *** b")
        #expect(redactor.redact(#"a cafe\u0301-pass b"#) == "a *** b")
        #expect(redactor.redact("a caf%C3%A9-pass b") == "a *** b")
    }

    @Test func textWithoutSecretsIsUntouched() {
        let redactor = Redactor(fieldNames: ["utoken"])
        redactor.register("secret-token")
        let text = #"{"a": "x\/y %2F + &amp; \u00e9", "b": "100%"}"#
        #expect(redactor.redact(text) == text)
    }

    /// A long server message is cut after masking, never before: no half of a secret shows.
    @Test func aMessageIsCutAfterMaskingNotBefore() {
        let secret = "0123456789-secret-token-/+=-abcdefghij"
        let redactor = Redactor(fieldNames: [])
        redactor.register(secret)
        let padding = String(repeating: "x", count: Finding.messageLimit - 60)
        let finding = Finding(
            APIError(
                endpoint: "e",
                reason: .server(code: 1, message: padding + SecretEncodings.json(secret, slash: true, all: true, upper: false))))
        let shown = redactor.redact(finding).message
        #expect(!shown.contains("\\u0030\\u0031\\u0032"), "a cut secret's first characters show: \(shown.suffix(80))")
        #expect(shown.contains(Redactor.mask))
    }
}
