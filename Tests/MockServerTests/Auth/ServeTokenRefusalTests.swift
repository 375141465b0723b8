import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing
import TestSupport

/// What serve answers a request without a working token: the API's declared dead-token answer
/// (Django REST framework's is a 403), from the recorded `@expired` mock when there is one; a
/// token's refusal tells a missing token from a wrong one, as a Basic one does.
@Suite struct ServeTokenRefusalTests {
    struct Location: Codable, Sendable { var id: String }

    static func api(expired: [AnswerSignal]) -> API {
        API(
            name: "drf", envelope: .none, expired: expired, auth: .preIssued(variable: "DRF_TOKEN", placement: .scheme("Token")),
            endpoints: [Endpoint<Location>(id: "locations", .get, "locations", mock: "locations", auth: .token)])
    }

    static func serve(_ api: API, mocks: [String: String]) throws -> (MockServer, TemporaryFolder) {
        let folder = try TemporaryFolder("serve-token-refusal")
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return (try MockServer(api: api, mocks: folder.url, options: MockServerOptions(allowInvalid: true)), folder)
    }

    static let anonymous = ServerRequest(method: "GET", path: "/locations")

    @Test func aDeclared403IsTheRefusalWithoutAnExpiredMock() throws {
        let (server, folder) = try Self.serve(Self.api(expired: [.status(403)]), mocks: ["locations.json": #"{"id": "l1"}"#])
        defer { folder.remove() }
        let answer = server.respond(to: Self.anonymous)
        #expect(answer.status == 403, "\(String(decoding: answer.body, as: UTF8.self))")
    }

    @Test func theRecordedExpiredMockIsTheRefusal() throws {
        let (server, folder) = try Self.serve(
            Self.api(expired: [.status(403)]),
            mocks: ["locations.json": #"{"id": "l1"}"#, "locations@expired.json": #"{"detail": "Invalid token"}"#])
        defer { folder.remove() }
        let answer = server.respond(to: Self.anonymous)
        #expect(answer.status == 403)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("Invalid token"))
    }

    @Test func aMissingTokenIsNotCalledRefused() throws {
        let (server, folder) = try Self.serve(Self.api(expired: []), mocks: ["locations.json": #"{"id": "l1"}"#])
        defer { folder.remove() }
        let answer = server.respond(to: Self.anonymous)
        #expect(answer.status == 401)
        let document = try JSONParser.parse(answer.body)
        #expect(document["title"]?.stringValue == "Token missing", "\(document)")
    }

    /// Airflow's: no error shape, either status is the dead-token answer, and no token gets the
    /// 401. Both refusals are the document's `{"detail": ...}`, each with its own status.
    @Test func aSignalWithoutAnErrorShapeKeepsTheExpiredMocksBody() throws {
        let api = API(
            name: "airflow", envelope: .none, expired: [.status(401), .status(403)],
            auth: .preIssued(variable: "AF_TOKEN", placement: .bearer, missingToken: .signals([.status(401), .status(403)])),
            endpoints: [Endpoint<Location>(id: "locations", .get, "locations", mock: "locations", auth: .token)])
        let (server, folder) = try Self.serve(
            api, mocks: ["locations.json": #"{"id": "l1"}"#, "locations@expired.403.json": #"{"detail": "string"}"#])
        defer { folder.remove() }
        let missing = server.respond(to: Self.anonymous)
        #expect(missing.status == 401)
        #expect(missing.headers.first { $0.name == "Content-Type" }?.value == "application/json")
        #expect(try JSONParser.parse(missing.body) == .object([("detail", .string("string"))]))
        let refused = server.respond(to: ServerRequest(method: "GET", path: "/locations", headers: [("Authorization", "Bearer made-up")]))
        #expect(refused.status == 403)
        #expect(try JSONParser.parse(refused.body) == .object([("detail", .string("string"))]))
    }
}
