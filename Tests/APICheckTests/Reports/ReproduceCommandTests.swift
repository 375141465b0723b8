import APICheck
import Foundation
import TestSupport
import Testing

/// The reproduce command is the request that was sent, written so that a shell sends exactly that:
/// literals single-quoted, secrets as variables, nothing a terminal would act on.
@Suite struct ReproduceCommandTests {
    static func sent(
        _ url: String, headers: [(String, String)] = [], body: String? = nil,
        variables: [SentRequest.Variable] = [], secret: Set<String> = []
    ) -> SentRequest {
        let request = HTTPRequest(
            method: .post, url: URL(string: url)!, headers: headers.map { (name: $0.0, value: $0.1) },
            body: body.map { Data($0.utf8) })
        return SentRequest(request, variables: variables, isSecret: { secret.contains($0.lowercased()) })
    }

    @Test func queryValuesStayEncodedAndTheTokenIsAVariable() {
        let request = Self.sent(
            "http://x/Api/q?query=rate%28up%5B1m%5D%29&access_token=abc%2Fdef",
            variables: [.init(value: "abc/def", name: "TOKEN")])
        #expect(ReproduceCommand.curl(request) == #"curl -X POST 'http://x/Api/q?query=rate%28up%5B1m%5D%29&access_token='"$TOKEN""#)
    }

    /// A run that followed a redirect of its target's origin: the command follows it too, and
    /// lets curl choose the method where curl changes it on the way as the run did.
    @Test func aFollowedRedirectIsFollowedByTheCommand() {
        var post = Self.sent("http://x/Api/redirect-to?url=%2Fget", body: "a=1")
        post.followsRedirects = true
        #expect(ReproduceCommand.curl(post) == #"curl -L 'http://x/Api/redirect-to?url=%2Fget' --data-binary 'a=1'"#)
        var put = Self.sent("http://x/Api/redirect-to")
        put.method = "PUT"
        put.followsRedirects = true
        #expect(ReproduceCommand.curl(put) == #"curl -L -X PUT 'http://x/Api/redirect-to'"#)
        var get = Self.sent("http://x/Api/redirect-to")
        get.method = "GET"
        get.followsRedirects = true
        #expect(ReproduceCommand.curl(get) == #"curl -L 'http://x/Api/redirect-to'"#)
        get.followsRedirects = false
        #expect(ReproduceCommand.curl(get) == #"curl -X GET 'http://x/Api/redirect-to'"#)
        // A HEAD is curl's -I: with -X HEAD curl waits for a body the answer only announces.
        var head = Self.sent("http://x/Api/records")
        head.method = "HEAD"
        #expect(ReproduceCommand.curl(head) == #"curl -I 'http://x/Api/records'"#)
        head.followsRedirects = true
        #expect(ReproduceCommand.curl(head) == #"curl -L -I 'http://x/Api/records'"#)
    }

    /// A value the run had to encode in the query or a form (`+`, `=`, `&`) is encoded by curl,
    /// or the command would send another value: the pairs from it on go as `--url-query`.
    @Test func aValueTheRunEncodedIsEncodedByCurl() {
        let query = Self.sent(
            "http://x/Api/q?count=20&access_token=abc%2Bdef%3D&b=2", variables: [.init(value: "abc+def=", name: "TOKEN")])
        #expect(query.encodedVariables == ["TOKEN"])
        #expect(
            ReproduceCommand.curl(query)
                == #"curl -X POST 'http://x/Api/q?count=20' --url-query 'access_token='"$TOKEN" --url-query '+b=2'"#)
        let form = Self.sent(
            "http://x/Api/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "user=demo&password=p%26ss&x=1", variables: [.init(value: "p&ss", name: "PASSWORD")])
        #expect(
            ReproduceCommand.curl(form)
                == #"curl -X POST 'http://x/Api/login' -H 'Content-Type: application/x-www-form-urlencoded' --data-binary 'user=demo' --data-urlencode 'password='"$PASSWORD" --data-binary 'x=1'"#
        )
        // One that needed no encoding stays where it was.
        let plain = Self.sent("http://x/Api/q?access_token=abc&b=2", variables: [.init(value: "abc", name: "TOKEN")])
        #expect(plain.encodedVariables.isEmpty)
        #expect(ReproduceCommand.curl(plain) == #"curl -X POST 'http://x/Api/q?access_token='"$TOKEN"'&b=2'"#)
    }

    @Test func aValueOnlyPartlyLikeASecretStays() {
        let request = Self.sent("http://x/Api/q?a=abcd&b=abc", variables: [.init(value: "abc", name: "TOKEN")])
        #expect(ReproduceCommand.curl(request) == #"curl -X POST 'http://x/Api/q?a=abcd&b='"$TOKEN""#)
    }

    @Test func shellCharactersInLiteralsDoNothing() {
        let request = Self.sent(
            "http://x/Api/q", headers: [("X-Note", "it's $HOME! `id`")],
            body: #"{"text":"don't \"$HOME\"!"}"#)
        #expect(
            ReproduceCommand.curl(request)
                == #"curl -X POST 'http://x/Api/q' -H 'X-Note: it'\''s $HOME! `id`' --data-binary '{"text":"don'\''t \"$HOME\"!"}'"#)
    }

    /// A secret that is a number stays a number: the variable stands without quotes, where the
    /// value stood; a secret field's number no variable stands for becomes one named after the
    /// field, not the string `"***"`. A flag in a secret field is no secret and is sent as it was.
    @Test func aSecretNumberKeepsItsJSONType() {
        let redactor = Redactor(fieldNames: ["pin", "card-code", "refresh_token"])
        let fromEnvironment = Self.sent(
            "http://x/Api/pay", body: #"{"pin":1234,"count":2}"#, variables: [.init(value: "1234", name: "PIN")])
        #expect(fromEnvironment.body == [.text(#"{"pin":"#), .variable("PIN"), .text(#","count":2}"#)])
        let request = HTTPRequest(
            method: .post, url: URL(string: "http://x/Api/pay")!, headers: [],
            body: Data(#"{"card-code": -12.5e3 , "pin": "0042", "refresh_token": true}"#.utf8))
        let sent = SentRequest(request, variables: [], isSecret: { _ in false }, secretFields: redactor.fieldNames).mappingText(
            redactor.redact)
        #expect(
            ReproduceCommand.curl(sent)
                == #"curl -X POST 'http://x/Api/pay' --data-binary '{"card-code": '"$CARD_CODE"' , "pin": "***", "refresh_token": true}'"#)
    }

    @Test func bodySecretsBecomeVariablesInsideTheirQuotesButKeysStay() {
        let request = Self.sent(
            "http://x/Api/login", body: #"{"hunter2":"hunter2","password":"hunter2"}"#,
            variables: [.init(value: "hunter2", name: "APICHECK_PASSWORD")])
        #expect(
            request.body == [
                .text(#"{"hunter2":""#), .variable("APICHECK_PASSWORD"), .text(#"","password":""#),
                .variable("APICHECK_PASSWORD"), .text(#""}"#),
            ])
        #expect(
            ReproduceCommand.curl(request).hasSuffix(
                #"--data-binary '{"hunter2":"'"$APICHECK_PASSWORD"'","password":"'"$APICHECK_PASSWORD"'"}'"#))
    }

    @Test func aSecretInAFormBodyIsAVariableAsAQueryValueIs() {
        let request = Self.sent(
            "http://x/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "user=ada&password=hunter%202&note=hunter%202x",
            variables: [.init(value: "hunter 2", name: "PASSWORD")])
        // The run sent the space encoded: curl encodes it too.
        #expect(
            ReproduceCommand.curl(request).hasSuffix(
                #"--data-binary 'user=ada' --data-urlencode 'password='"$PASSWORD" --data-binary 'note=hunter%202x'"#))
    }

    @Test func headersCarryTheTokenAfterTheirSchemeAndCredentialsAreMasked() {
        let request = Self.sent(
            "http://x/Api/me", headers: [("Authorization", "Bearer tok"), ("Cookie", "sid=zzz")],
            variables: [.init(value: "tok", name: "TOKEN")], secret: ["authorization", "cookie"])
        #expect(ReproduceCommand.curl(request) == #"curl -X POST 'http://x/Api/me' -H 'Authorization: Bearer '"$TOKEN" -H 'Cookie: ***'"#)
    }

    @Test func controlAndBidiCharactersAreEscapesNotCharacters() {
        let request = Self.sent("http://x/Api/q", body: "{\"name\":\"a\u{202E}b\u{1B}[31m\"}")
        let command = ReproduceCommand.curl(request)
        #expect(command.hasSuffix(#"--data-binary $'{"name":"a\u202Eb\x1B[31m"}'"#))
        #expect(!command.unicodeScalars.contains(where: DisplayText.isUnsafe))
    }

    @Test func anIPv6HostIsNoGlob() {
        #expect(ReproduceCommand.curl(Self.sent("http://[::1]:8080/Api/q")) == "curl -X POST -g 'http://[::1]:8080/Api/q'")
    }
}

extension ReproduceCommandTests {
    /// The report's redaction masks what no variable stands for, and leaves the variables whole.
    @Test func redactionMasksLiteralsButNotTheVariables() {
        let redactor = Redactor(fieldNames: ["access_token", "api_key"], secrets: ["hunter2"])
        let request = Self.sent(
            "http://x/Api/q?api_key=k1&note=hunter2&access_token=tok", body: #"{"p":"hunter2"}"#,
            variables: [.init(value: "tok", name: "TOKEN")])
        #expect(
            ReproduceCommand.curl(request.mappingText(redactor.redact))
                == #"curl -X POST 'http://x/Api/q?api_key=***&note=***&access_token='"$TOKEN" --data-binary '{"p":"***"}'"#)
    }
}

extension ReproduceCommandTests {
    /// A header whose value merely ends like a secret is sent as it is.
    @Test func onlyAWholeHeaderValueOrOneAfterItsSchemeIsAVariable() {
        let request = Self.sent(
            "http://x/Api/q", headers: [("client", "apicheck/1.0"), ("X-Key", "1.0")],
            variables: [.init(value: "1.0", name: "APICHECK_ACCOUNT")])
        #expect(
            ReproduceCommand.curl(request) == #"curl -X POST 'http://x/Api/q' -H 'client: apicheck/1.0' -H 'X-Key: '"$APICHECK_ACCOUNT""#)
    }
}

/// A reproduce command sends the bytes that were sent: bash reads back every escape the quoting
/// writes, characters above U+FFFF included (`\U` with eight digits; `\u` takes four at most).
@Suite struct ReproduceQuotingTests {
    @Test(arguments: ["a\u{E0041}1b", "x\u{1F4A9}\u{202E}9", "tab\there\u{1B}[31m", "it's \u{E007F}0"])
    func bashReadsBackWhatWasSent(text: String) throws {
        let request = SentRequest(
            HTTPRequest(method: .post, url: URL(string: "http://x.invalid/q")!, body: Data(text.utf8)),
            variables: [], isSecret: { _ in false })
        let command = ReproduceCommand.curl(request)
        let word = try #require(command.range(of: "--data-binary ").map { String(command[$0.upperBound...]) }, "\(command)")
        let printed = try Shell.run("/bin/bash", ["-c", "printf %s " + word], environment: ["LC_ALL": "C.UTF-8"]).out
        #expect(Array(printed.utf8) == Array(text.utf8), "\(word)")
    }
}
