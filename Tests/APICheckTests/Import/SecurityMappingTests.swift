@testable import APICheck
import Foundation
import Testing

/// Security schemes into the one auth policy, and which endpoints send the token.
@Suite struct SecurityMappingTests {
    static func fixture(_ scheme: String, operationSecurity: String = "") throws -> ImportFixture {
        try ImportFixture(
            paths: """
                "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}},
                "/open": {"get": {"operationId": "open", "security": [\(operationSecurity)], "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #""main": \#(scheme)"#, extra: #""security": [{"main": []}]"#)
    }

    @Test(arguments: [
        (#"{"type": "http", "scheme": "bearer"}"#, #"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#),
        (#"{"type": "http", "scheme": "basic"}"#, #"auth: .basic(accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#),
        (
            #"{"type": "apiKey", "in": "header", "name": "X-Key"}"#,
            #"auth: .preIssued(variable: "SHOP_API_KEY", placement: .header("X-Key", prefix: "")),"#
        ),
        (#"{"type": "apiKey", "in": "query", "name": "key"}"#, #"auth: .preIssued(variable: "SHOP_API_KEY", placement: .query("key")),"#),
    ])
    func aSchemeIsThePolicy(scheme: String, policy: String) throws {
        let fixture = try Self.fixture(scheme)
        #expect(fixture.declaration.contains(policy))
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "me", auth: .token, successStatus: 204)"#))
        #expect(group.contains(#"mock: "open", successStatus: 204)"#))
    }

    /// An API key in `Authorization` goes behind the scheme word the document names, in an
    /// extension or in its description (Label Studio's `Token`); without one, a note says what
    /// the variable holds.
    @Test func aKeyInAuthorizationTakesTheSchemeWordTheDocumentGives() throws {
        let described = try Self.fixture(
            #"{"type": "apiKey", "in": "header", "name": "Authorization", "description": "curl -H \"Authorization: Token [your-token]\""}"#)
        #expect(described.declaration.contains(#"auth: .preIssued(variable: "SHOP_API_KEY", placement: .scheme("Token")),"#))
        #expect(
            described.notes.contains(
                "set: #/components/securitySchemes/main: the main scheme's credentials: live reads them from $SHOP_API_KEY, "
                    + "which holds the key alone: it goes as 'Authorization: Token KEY', as the scheme says"))
        let extended = try Self.fixture(
            #"{"type": "apiKey", "in": "header", "name": "authorization", "x-fern-header": {"prefix": "Bot "}}"#)
        #expect(extended.declaration.contains(#"placement: .scheme("Bot")),"#))
        let silent = try Self.fixture(
            #"{"type": "apiKey", "in": "header", "name": "Authorization", "description": "Authorization: see docs"}"#)
        #expect(silent.declaration.contains(#"placement: .header("Authorization", prefix: "")),"#))
        #expect(silent.notes.contains { $0.contains("--token-header 'Authorization: Token' declares the word instead") })
    }

    /// A description that says to type a quoted word, a space, then the key (Phoenix's "Enter
    /// `Bearer` followed by a space and then the token") names the scheme word; a quoted word
    /// followed by no space is an ordinary one.
    @Test func aQuotedWordBeforeASpaceAndTheKeyIsTheSchemeWord() throws {
        for description in [
            "Enter `Bearer` followed by a space and then the token.", "Type 'Bearer' [space] and then your valid token.",
        ] {
            let fixture = try Self.fixture(
                #"{"type": "apiKey", "in": "header", "name": "Authorization", "description": "\#(description)"}"#)
            #expect(fixture.declaration.contains(#"placement: .scheme("Bearer")),"#), "\(description): \(fixture.declaration)")
        }
        let ordinary = try Self.fixture(
            #"{"type": "apiKey", "in": "header", "name": "Authorization", "description": "Call `login` then send the token it answers."}"#)
        #expect(ordinary.declaration.contains(#"placement: .header("Authorization", prefix: "")),"#), "\(ordinary.declaration)")
    }

    /// Airflow's document declares Basic but says `security: []` at the top and on no operation:
    /// every operation goes without credentials, and one note says how to send them.
    @Test func aDocumentThatRequiresNoCredentialsSaysHowToSendThem() throws {
        let fixture = try ImportFixture(
            paths: #""/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}}"#,
            securitySchemes: #""Basic": {"type": "http", "scheme": "basic"}, "Key": {"type": "apiKey", "in": "query", "name": "k"}"#,
            extra: #""security": []"#)
        #expect(!fixture.declaration.contains("auth:"), "\(fixture.declaration)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/security: the document requires no credentials (its security is empty, and no operation names a "
                    + "scheme), though it declares Basic, Key: every operation is declared without credentials. If the server "
                    + "wants them, edit the document's security (security: [{Basic: []}]) and import again, or import with "
                    + "--token-header 'Authorization: Basic' ($SHOP_TOKEN then holds the base64 of account:password)"),
            "\(fixture.notes)")
        // A document that requires a scheme, or declares none, has no such note.
        #expect(!(try Self.fixture(#"{"type": "http", "scheme": "basic"}"#)).notes.contains { $0.contains("requires no credentials") })
        let none = try ImportFixture(paths: #""/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}}"#)
        #expect(!none.notes.contains { $0.contains("requires no credentials") })
    }

    @Test func aKeyInACookieIsASessionCookieIssuedBeforehand() throws {
        let fixture = try Self.fixture(#"{"type": "apiKey", "in": "cookie", "name": "sid"}"#)
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_API_KEY", placement: .cookie("sid")),"#))
        #expect(fixture.group("DefaultEndpoints").contains(#"mock: "me", auth: .token, successStatus: 204)"#))
        #expect(
            fixture.notes.filter { $0.contains("securitySchemes/main") } == [
                "set: #/components/securitySchemes/main: the main scheme's credentials: live reads them from $SHOP_API_KEY"
            ])
    }

    @Test func aKeyElsewhereIsNotedAndNoEndpointSendsAToken() throws {
        let fixture = try Self.fixture(#"{"type": "apiKey", "in": "body", "name": "sid"}"#)
        #expect(!fixture.declaration.contains("auth:"))
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/securitySchemes/main: an API key in 'body' is not mapped (in a header, the query or a cookie is)")
        )
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1me/get/security: requires main, which the package does not declare: declared without a token"))
    }

    /// JupyterHub's document: `token` (HTTP Bearer) at the top, `oauth2: [scope]` on the
    /// operations, for the same token. Both go as `Authorization: Bearer`: the operations that
    /// require only `oauth2` send the package's token, and the note says so once.
    @Test func aSchemeSendingABearerTokenAsTheMappedOneDoesSendsTheToken() throws {
        let fixture = try ImportFixture(
            paths: #"""
                "/users": {"get": {"operationId": "users", "security": [{"oauth2": ["list:users"]}],
                                   "responses": {"204": {"description": "ok"}}}},
                "/info": {"get": {"operationId": "info", "security": [{"apikey": []}], "responses": {"204": {"description": "ok"}}}},
                "/api": {"get": {"operationId": "api", "security": [], "responses": {"204": {"description": "ok"}}}}
                """#,
            securitySchemes: #"""
                "token": {"type": "http", "scheme": "bearer"},
                "oauth2": {"type": "oauth2", "flows": {"authorizationCode": {"authorizationUrl": "/hub/api/oauth2/authorize",
                  "tokenUrl": "/hub/api/oauth2/token", "scopes": {"list:users": "list"}}}},
                "apikey": {"type": "apiKey", "in": "header", "name": "X-Key"}
                """#,
            extra: #""security": [{"token": []}, {"oauth2": []}]"#)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "users", auth: .token, successStatus: 204)"#), "\(group)")
        #expect(!group.contains(#"mock: "info", auth: .token"#) && !group.contains(#"mock: "api", auth: .token"#), "\(group)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/securitySchemes/oauth2: the oauth2 scheme sends a Bearer token as token does: an operation "
                    + "that requires it sends the package's token too ($SHOP_TOKEN); a server that wants another token for it refuses that one"
            ),
            "\(fixture.notes)")
        #expect(!fixture.notes.contains { $0.contains("users/get/security") }, "\(fixture.notes)")
        #expect(fixture.notes.contains { $0.contains("info/get/security: requires apikey") }, "\(fixture.notes)")
    }

    /// FastAPI lists every scheme a route accepts as alternatives (an API key in the query, the
    /// header or a cookie): the first becomes the policy, and each other is listed, not dropped.
    @Test func theSchemesBesideTheMappedOneAreListed() throws {
        let fixture = try ImportFixture(
            securitySchemes: #"""
                "query": {"type": "apiKey", "in": "query", "name": "api_key"},
                "header": {"type": "apiKey", "in": "header", "name": "Authorization"},
                "unused": {"type": "http", "scheme": "bearer"}
                """#,
            extra: #""security": [{"query": []}, {"header": []}]"#)
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_API_KEY", placement: .query("api_key")),"#))
        #expect(
            fixture.notes.filter { $0.hasPrefix("not mapped: #/components/securitySchemes/") } == [
                "not mapped: #/components/securitySchemes/header: the header scheme is not mapped: the package sends the query scheme's credentials only, the first the document requires: an operation that takes either sends those; one that requires only header is declared without a token",
                "not mapped: #/components/securitySchemes/unused: the unused scheme is not mapped: no operation requires it",
            ], "\(fixture.notes)")
    }

    /// Django REST framework's documents list the browser's session cookie first, then the API
    /// token: the token is what the package sends. A cookie an operation requires alone stays.
    @Test func aHeaderTokenIsPreferredToASessionCookieOfferedBesideIt() throws {
        let schemes = #"""
            "cookieAuth": {"type": "apiKey", "in": "cookie", "name": "sessionid"},
            "tokenAuth": {"type": "apiKey", "in": "header", "name": "Authorization",
                          "description": "Token-based authentication with required prefix \"Token\""}
            """#
        let both = try ImportFixture(
            paths:
                #""/me": {"get": {"operationId": "me", "security": [{"cookieAuth": []}, {"tokenAuth": []}], "responses": {"204": {"description": "ok"}}}}"#,
            securitySchemes: schemes)
        #expect(
            both.declaration.contains(#"auth: .preIssued(variable: "SHOP_API_KEY", placement: .scheme("Token")),"#), "\(both.declaration)")
        #expect(both.group("DefaultEndpoints").contains(#"mock: "me", auth: .token, successStatus: 204)"#))
        #expect(
            both.notes.contains(
                "not mapped: #/components/securitySchemes/cookieAuth: the cookieAuth scheme is not mapped: it is a browser's session "
                    + "cookie, and every operation that takes it takes the tokenAuth scheme's credentials instead, which the package sends"),
            "\(both.notes)")

        let alone = try ImportFixture(
            paths: #"""
                "/me": {"get": {"operationId": "me", "security": [{"cookieAuth": []}, {"tokenAuth": []}], "responses": {"204": {"description": "ok"}}}},
                "/ui": {"get": {"operationId": "ui", "security": [{"cookieAuth": []}], "responses": {"204": {"description": "ok"}}}}
                """#,
            securitySchemes: schemes)
        #expect(alone.declaration.contains(#"auth: .preIssued(variable: "SHOP_API_KEY", placement: .cookie("sessionid")),"#))
    }

    /// A Swagger 2.0 document as Kinto writes it: every operation has its own `security`, `[]`
    /// where no permission is required, and `[{"basicauth": []}]` elsewhere only when its basicauth
    /// policy is on (else `[]` there too, and no scheme at all).
    static func kinto(basicauth: Bool, tokenHeader: TokenHeader?) throws -> ImportFixture {
        let required = basicauth ? #"[{"basicauth": []}]"# : "[]"
        let text = """
            {"swagger": "2.0", "info": {"title": "kinto", "version": "1"}, "host": "kinto.example", "basePath": "/v1",
             "securityDefinitions": {\(basicauth ? #""basicauth": {"type": "basic"}"# : "")},
             "paths": {
               "/": {"get": {"operationId": "server_info", "security": [], "responses": {"204": {"description": "ok"}}}},
               "/buckets": {"get": {"operationId": "get_buckets", "security": \(required), "responses": {"204": {"description": "ok"}}}}}}
            """
        var settings = ImportFixture.settings
        settings.tokenHeader = tokenHeader
        return ImportFixture(result: try OpenAPIImport(settings: settings).run(try OpenAPIImport.parse(Data(text.utf8))))
    }

    @Test func withTokenHeaderAnEmptySecurityOptsOutOnlyOfADeclaredScheme() throws {
        let header = TokenHeader(name: "Authorization", prefix: "Basic")
        let bare = try Self.kinto(basicauth: false, tokenHeader: header).group("DefaultEndpoints")
        #expect(bare.contains(#"mock: "get_buckets", auth: .token, successStatus: 204)"#), "\(bare)")
        #expect(bare.contains(#"mock: "server_info", auth: .token, successStatus: 204)"#), "\(bare)")
        let declared = try Self.kinto(basicauth: true, tokenHeader: header).group("DefaultEndpoints")
        #expect(declared.contains(#"mock: "get_buckets", auth: .token, successStatus: 204)"#), "\(declared)")
        #expect(declared.contains(#"mock: "server_info", successStatus: 204)"#), "\(declared)")
        let basic = try Self.kinto(basicauth: true, tokenHeader: nil)
        #expect(basic.declaration.contains(#"auth: .basic(accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#))
        #expect(basic.group("DefaultEndpoints").contains(#"mock: "get_buckets", auth: .token, successStatus: 204)"#))
    }

    /// drf-spectacular writes `{}` beside the schemes of a view that lets anonymous callers in
    /// (Mayan EDMS's object reads and writes), whose objects the server then hides from them (404):
    /// the token is sent, and no missing-token probe runs. `{}` alone still sends none.
    @Test func anOptionalTokenIsSentAndNotProbedMissing() throws {
        let fixture = try ImportFixture(
            paths: #"""
                "/tags/{tag_id}/": {"get": {"operationId": "tag", "security": [{"cookieAuth": []}, {"tokenAuth": []}, {}],
                  "parameters": [{"name": "tag_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                  "responses": {"204": {"description": "ok"}}}},
                "/ping/": {"get": {"operationId": "ping", "security": [{}], "responses": {"204": {"description": "ok"}}}}
                """#,
            securitySchemes: #"""
                "cookieAuth": {"type": "apiKey", "in": "cookie", "name": "sessionid"},
                "tokenAuth": {"type": "apiKey", "in": "header", "name": "Authorization",
                              "description": "Token-based authentication with required prefix \"Token\""}
                """#)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "tag", auth: .token, successStatus: 204, probing: .whenSafe.skipping(.missingToken))"#), "\(group)")
        #expect(group.contains(#"mock: "ping", successStatus: 204)"#), "\(group)")
    }

    /// With `--token-header`, Mayan EDMS's operations that also let anonymous callers in (`{}` beside
    /// the schemes) send the token as those that do not; `[{}]` and `[]` still send none.
    @Test func withTokenHeaderAnOptionalTokenIsSentToo() throws {
        let text = ImportFixture.text(
            paths: #"""
                "/tags/{tag_id}/": {"get": {"operationId": "tag", "security": [{"cookieAuth": []}, {"tokenAuth": []}, {}],
                  "parameters": [{"name": "tag_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                  "responses": {"204": {"description": "ok"}}}},
                "/users/": {"get": {"operationId": "users", "security": [{"cookieAuth": []}, {"tokenAuth": []}],
                  "responses": {"204": {"description": "ok"}}}},
                "/ping/": {"get": {"operationId": "ping", "security": [{}], "responses": {"204": {"description": "ok"}}}},
                "/status/": {"get": {"operationId": "status", "security": [], "responses": {"204": {"description": "ok"}}}}
                """#,
            securitySchemes: #""cookieAuth": {"type": "apiKey", "in": "cookie", "name": "sessionid"}"#)
        var settings = ImportFixture.settings
        settings.tokenHeader = TokenHeader(name: "Authorization", prefix: "Token")
        let fixture = ImportFixture(result: try OpenAPIImport(settings: settings).run(try OpenAPIImport.parse(Data(text.utf8))))
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "tag", auth: .token, successStatus: 204, probing: .whenSafe.skipping(.missingToken))"#), "\(group)")
        #expect(group.contains(#"mock: "users", auth: .token, successStatus: 204)"#), "\(group)")
        #expect(group.contains(#"mock: "ping", successStatus: 204)"#), "\(group)")
        #expect(group.contains(#"mock: "status", successStatus: 204)"#), "\(group)")
    }
}
