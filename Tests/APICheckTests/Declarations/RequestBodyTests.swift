import APICheck
import Foundation
import Synchronization
import RelayExample
import Testing

/// Typed request bodies: what the request builder sends (a nested JSON body made of its inputs'
/// samples, a form with its lists in the declared style), what it refuses, and how a received
/// body is decoded into the type with the JSONPath of what is wrong.
@Suite struct RequestBodyTests {
    static let builder = RequestBuilder(api: Relay.api, baseURL: URL(string: "http://relay.invalid/relay/")!)

    @Test func aNestedJSONBodyIsMadeOfItsInputs() throws {
        let request = try Self.builder.request(for: Relay.login.erased, ["user": "ada", "password": "pa\"ss"], token: nil)
        #expect(request.header("Content-Type") == "application/json")
        let body = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(
            body
                == #"{"identifier":{"type":"m.id.user","user":"ada"},"initial_device_display_name":"apicheck","password":"pa\"ss","refresh_token":true,"type":"m.login.password"}"#
        )
    }

    @Test func aGivenBodyIsSentAsItIsAndAnotherTypeIsRefused() throws {
        let request = try Self.builder.request(for: Relay.login.erased, [:], body: PasswordLogin(user: "grace", password: "pw"), token: nil)
        let sent = try JSONParser.parse(try #require(request.body))
        #expect(sent["identifier"]?["user"] == .string("grace"))
        #expect(sent["initial_device_display_name"] == nil)
        #expect(throws: APIError.self) {
            _ = try Self.builder.request(for: Relay.login.erased, [:], body: SeriesForm(match: ["up"]), token: nil)
        }
        // A required input without a value fails before anything is sent.
        let missing = #expect(throws: APIError.self) { _ = try Self.builder.request(for: Relay.login.erased, ["user": "ada"], token: nil) }
        #expect(
            missing?.reason
                == .invalidRequest(parameter: "password", problem: "is required (String, an input of the PasswordLogin body) but missing"))
    }

    @Test func aFormBodyTravelsWithItsListsInTheDeclaredStyle() throws {
        let request = try Self.builder.request(for: Relay.series.erased, [:], token: nil)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == "limit=10&match%5B%5D=up&match%5B%5D=relay_messages_total")
        let comma = RequestBody.form(SeriesForm.self, lists: .commaSeparated, sample: SeriesForm(match: ["a b", "c"]))
        #expect(
            String(decoding: try comma.data(try #require(try comma.sample([:], dates: .deferredToDate))), as: UTF8.self)
                == "match=a%20b%2Cc")
        // A nested object has no form.
        let nested = RequestBody.form(PasswordLogin.self, sample: PasswordLogin(user: "ada", password: "pw"))
        #expect(throws: RequestBody.BodyError.self) { _ = try nested.data(try #require(try nested.sample([:], dates: .deferredToDate))) }
    }

    @Test func aReceivedBodyIsDecodedIntoTheTypeWithTheJSONPathOfTheFault() throws {
        let login = try #require(Relay.login.erased.requestBody)
        let good = try JSONParser.parse(
            Data(#"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "ada"}, "password": "x"}"#.utf8))
        #expect(login.check(good, dates: .deferredToDate) == nil)
        let noUser = try JSONParser.parse(Data(#"{"type": "m.login.password", "identifier": {"type": "m.id.user"}, "password": "x"}"#.utf8))
        #expect(login.check(noUser, dates: .deferredToDate)?.description == "$.identifier.user: expected String, found absent")
        let wrongType = try JSONParser.parse(
            Data(#"{"type": "m.login.password", "identifier": {"type": "m.id.user", "user": 7}, "password": "x"}"#.utf8))
        #expect(login.check(wrongType, dates: .deferredToDate)?.description == "$.identifier.user: expected String, found Int")

        let series = try #require(Relay.series.erased.requestBody)
        #expect(series.check(FormBody.document(Data("match[]=up&match[]=x&limit=10".utf8)), dates: .deferredToDate) == nil)
        // A list of one, as a form sends it, is still a list; a number arrives as text.
        #expect(series.check(FormBody.document(Data("match=up".utf8)), dates: .deferredToDate) == nil)
        #expect(
            series.check(FormBody.document(Data("match[]=up&limit=ten".utf8)), dates: .deferredToDate)?.description
                == "$.limit: expected Int, found String")
        #expect(
            series.check(FormBody.document(Data("limit=1".utf8)), dates: .deferredToDate)?.description
                == "$.match: expected Array<String>, found absent")
    }

    /// A comma-joined list is split by its style, and a bad item is named by its index.
    @Test func aCommaJoinedFormListIsReadItemByItem() {
        struct Ids: Codable, Sendable { var ids: [Int] }
        let body = RequestBody.form(Ids.self, lists: .commaSeparated)
        #expect(body.check(FormBody.document(Data("ids=1,2,3".utf8)), dates: .deferredToDate) == nil)
        #expect(
            body.check(FormBody.document(Data("ids=1,x".utf8)), dates: .deferredToDate)?.description
                == "$.ids[1]: expected Int, found String")
        // Without the form reading, text is no number.
        #expect(
            RequestBody.json(Ids.self).check(.object([("ids", .array([.string("1")]))]), dates: .deferredToDate)?.description
                == "$.ids[0]: expected Int, found String")
    }

    @Test func whereTheSamplePutsAnInputAndTheExampleHidesSecrets() throws {
        let login = try #require(Relay.login.erased.requestBody)
        #expect(login.path(ofInput: "user")?.description == "$.identifier.user")
        let example = try #require(login.example(dates: .deferredToDate))
        #expect(example["password"] == .string("***"))
        #expect(example["identifier"]?["user"] == .string("<user>"))
    }

    /// A secret input is masked wherever the body nests it, in the client's trace as in reports.
    @Test func aSecretInputNeverPrintsFromANestedBody() async throws {
        let lines = TraceLines()
        let client = APIClient(
            api: Relay.api, transport: MockTransport(directory: Relay.mocks, api: Relay.api),
            trace: { lines.append($0) })
        _ = try await client.send(Relay.login, ["user": "ada", "password": "s3cret-Pw"])
        let trace = lines.all.joined(separator: "\n")
        #expect(trace.contains(#""identifier":{"type":"m.id.user","user":"ada"}"#), "\(trace)")
        #expect(!trace.contains("s3cret-Pw"))
    }

    @Test func typedBodyDeclarationMistakesAreProblems() {
        struct Form: Codable, Sendable { var q: String }
        let both = Endpoint<EmptyObject>(
            id: "both", .post, "both", parameters: [.body("extra", .string)], mock: "both",
            body: .json(Form.self, sample: Form(q: "x")))
        let get = Endpoint<EmptyObject>(id: "get", .get, "get", mock: "get", body: .form(Form.self))
        let nested = Endpoint<EmptyObject>(
            id: "nested", .post, "nested", mock: "nested",
            body: .form(PasswordLogin.self, sample: PasswordLogin(user: "ada", password: "pw")))
        let api = API(name: "t", envelope: .none, endpoints: [both, get, nested])
        let messages = api.problems.map(\.message)
        #expect(
            messages.contains(
                "its PasswordLogin sample cannot be sent: a form field holds scalars and lists only; $.identifier is an Object"))
        #expect(messages.contains("declares a Form body and the body parameter 'extra' beside it; make it a field of the type"))
        #expect(messages.contains("a GET request has no body, but a Form body is declared"))
    }
}

/// Trace lines a client wrote, for assertions.
private final class TraceLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
