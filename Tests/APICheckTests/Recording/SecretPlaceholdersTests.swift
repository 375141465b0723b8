import APICheck
import Foundation
import Testing

/// Placeholders keep the JSON type, are the same for the same secret everywhere, depend on the
/// secret's rank and not its value, and replace every encoding of a secret.
@Suite struct SecretPlaceholdersTests {
    static func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Data(text.utf8)) }

    @Test func aTokenPlaceholderLooksLikeATokenAndIsTheSameEverywhere() throws {
        let placeholders = SecretPlaceholders(fieldNames: ["utoken"], tokenFields: ["utoken"])
        let token = "2.00AbCdEfGhIjKlMnO"
        let placeholder = placeholders.register(token, as: .token)
        #expect(placeholder != token && placeholder.count == token.count)
        #expect(placeholder.dropFirst().first == ".")
        let document = try Self.parse(#"{"datas": {"utoken": "2.00AbCdEfGhIjKlMnO", "note": "see ?access_token=2.00AbCdEfGhIjKlMnO&x=1"}}"#)
        let redacted = placeholders.redact(document)
        #expect(redacted["datas"]?["utoken"]?.stringValue == placeholder)
        #expect(redacted["datas"]?["note"]?.stringValue == "see ?access_token=\(placeholder)&x=1")
    }

    @Test func placeholdersDependOnRankNotValue() {
        let first = SecretPlaceholders(fieldNames: []), second = SecretPlaceholders(fieldNames: [])
        // Two runs, two different tokens of the same form: the same stand-in.
        #expect(first.register("2.00aaaaBBBBcccc1234", as: .token) == second.register("2.00zzzz9999YYYYxxxx", as: .token))
        #expect(first.register("another-token-1234", as: .token) != first.register("2.00aaaaBBBBcccc1234", as: .token))
    }

    @Test func secretFieldsKeepTheirJSONType() throws {
        let placeholders = SecretPlaceholders(fieldNames: ["password", "pin", "flags"], paths: [JSONPath(parsing: "$.datas[*].mail")!])
        let document = try Self.parse(
            #"{"datas": [{"password": "hunter2", "pin": 123456, "mail": "a@b.example", "flags": [true, "xyzw"]}]}"#)
        let redacted = placeholders.redact(document)
        let item = try #require(redacted["datas"]?[0])
        #expect(item["password"]?.stringValue?.hasPrefix("redacted-password-") == true)
        let pin = try #require(item["pin"]?.int64Value)
        #expect(pin != 123_456 && String(pin).count == 6)
        let mail = try #require(item["mail"]?.stringValue)
        #expect(mail != "a@b.example" && mail.count == 11 && mail.contains("@"))
        #expect(item["flags"]?[0] == .bool(true))
        #expect(item["flags"]?[1]?.stringValue != "xyzw")
    }

    @Test func everyEncodingOfASecretIsReplaced() {
        let placeholders = SecretPlaceholders(fieldNames: [])
        let secret = "pass word/+=?"
        placeholders.register(secret, as: .value)
        let base64 = Data(secret.utf8).base64EncodedString()
        let escaped = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        for text in ["a \(secret) b", "q=\(escaped)", "basic \(base64)"] {
            let redacted = placeholders.redact(text: text)
            #expect(!redacted.contains(secret) && !redacted.contains(escaped) && !redacted.contains(base64), "\(text)")
        }
    }

    /// A base64 form with neither padding nor `+` and `/` has no URL-safe twin: replaced all the same.
    @Test func aBase64FormWithNoURLSafeTwinIsReplaced() {
        let placeholders = SecretPlaceholders(fieldNames: [])
        placeholders.register("abcdef123456", as: .value)
        let redacted = placeholders.redact(text: "Basic YWJjZGVmMTIzNDU2")
        #expect(!redacted.contains("YWJjZGVmMTIzNDU2"), "\(redacted)")
        #expect(redacted.hasPrefix("Basic "))
    }

    /// The token field is secret by the auth policy alone, even when the API's redacted fields
    /// leave it out and its value is no token of this run (another session's, in a capture).
    @Test func theTokenFieldIsReplacedByNameAsAToken() throws {
        let api = API(
            name: "t", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "login", tokenField: "session.token", placement: .bearer), endpoints: [])
        let placeholders = SecretPlaceholders(api: api)
        let document = try Self.parse(#"{"session": {"token": "tok-9f8e7d6c5b4a", "user": "lin"}}"#)
        let token = try #require(placeholders.redact(document)["session"]?["token"]?.stringValue)
        #expect(token != "tok-9f8e7d6c5b4a")
        // A token's stand-in: the same length and punctuation.
        #expect(token.count == "tok-9f8e7d6c5b4a".count && token.dropFirst(3).first == "-")
        #expect(placeholders.secrets == ["tok-9f8e7d6c5b4a"])
    }

    @Test func aVariantPinsItsStatusOnlyWhenItDiffers() throws {
        let endpoint = Endpoint<String>(id: "x.show", .get, "x", mock: "x", auth: .token).erased
        let api = API(name: "x", envelope: EnvelopePolicy(logoutCodes: [10504], expiredHTTPStatuses: [403]), endpoints: [endpoint])
        func name(_ scenario: ScenarioName?, _ status: Int) -> String {
            MockCandidate(endpoint: endpoint, scenario: scenario, status: status, document: .null).fileName(api: api).description
        }
        #expect(name(nil, 200) == "x.json")
        #expect(name(ScenarioName.expired, 403) == "x@expired.json")
        #expect(name(ScenarioName.expired, 401) == "x@expired.401.json")
        #expect(name(ScenarioName.logout, 200) == "x@logout.json")
        #expect(name(ScenarioName.logout, 409) == "x@logout.409.json")
    }

    @Test func routesMatchByTemplateWithLiteralsFirst() {
        let show = Endpoint<String>(id: "statuses.show", .get, "statuses/{id}", parameters: [.path("id", .int64)], mock: "s")
        let timeline = Endpoint<String>(id: "statuses.home", .get, "statuses/home_timeline", mock: "h")
        let api = API(
            name: "t", environments: ["prod": URL(string: "https://x.example/Api/")!], envelope: EnvelopePolicy(),
            endpoints: [show, timeline])
        let routes = CapturedRoutes(api: api)
        #expect(routes.endpoint(method: "GET", path: "/Api/statuses/home_timeline")?.id == "statuses.home")
        #expect(routes.endpoint(method: "GET", path: "/Api/statuses/41305")?.id == "statuses.show")
        #expect(routes.endpoint(method: "POST", path: "/Api/statuses/41305") == nil)
        #expect(routes.endpoint(method: "GET", path: "/other/statuses/41305") == nil)
        #expect(routes.endpoint(method: "GET", path: "/Api/statuses/41305/extra") == nil)
        let anywhere = CapturedRoutes(api: API(name: "t", envelope: EnvelopePolicy(), endpoints: [show, timeline]))
        #expect(anywhere.endpoint(method: "GET", path: "/v2/statuses/home_timeline")?.id == "statuses.home")
    }
}

/// HAR times as each exporter writes them.
@Suite struct HARDateTests {
    @Test func exportersTimesAllRead() {
        let base = Date(timeIntervalSince1970: 1_796_032_800)  // 2026-11-30T10:00:00Z
        #expect(HARArchive.date("2026-11-30T10:00:00Z") == base)
        #expect(HARArchive.date("2026-11-30T10:00:00.250Z") == base.addingTimeInterval(0.25))
        #expect(HARArchive.date("2026-11-30T11:00:00.000+01:00") == base)
        #expect(HARArchive.date("2026-11-30T08:30:00-0130") == base)
        #expect(abs(HARArchive.date("2026-11-30T10:00:00.123456+00:00")!.timeIntervalSince(base) - 0.123456) < 1e-6)
        #expect(HARArchive.date("yesterday") == nil)
        #expect(HARArchive.date("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(HARArchive.date("2000-03-01T00:00:00Z") == Date(timeIntervalSince1970: 951_868_800))
    }
}
