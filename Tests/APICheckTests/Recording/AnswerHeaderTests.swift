@testable import APICheck
import Foundation
import Testing

/// Headers an app reads from a success (a page's total, a manifest's digest), declared with
/// `answering(headers:)`: `live` says a success without one, `record` keeps their values in the
/// mocks folder's `.headers/`, `mocks` proves that file, and the replay answers with them.
@Suite struct AnswerHeaderTests {
    struct Pet: Decodable, Sendable { var id: Int }
    static let pets = Endpoint<[Pet]>(id: "pets.list", .get, "pets", mock: "pets", enveloped: false)
        .answering(headers: "X-Total-Count", "Docker-Content-Digest")
    static let plain = Endpoint<[Pet]>(id: "pets.plain", .get, "plain", mock: "plain", enveloped: false)
    static let api = API(name: "shop", envelope: .none, endpoints: [pets, plain])

    struct Shop: Transport {
        var headers: [(String, String)] = [("X-Total-Count", "42"), ("docker-content-digest", "sha256:abc"), ("X-Request-Id", "r-1")]
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")] + headers, body: Data(#"[{"id": 1}]"#.utf8))
        }
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-headers-\(UUID().uuidString)")
    }

    func live(_ transport: Shop) async -> [Finding] {
        let report = await LiveCheck(
            api: Self.api, transport: transport,
            options: LiveOptions(baseURL: URL(string: "http://shop.invalid/")!, probes: false, errorChecks: false)
        ).run()
        return report.endpointResults.flatMap(\.findings)
    }

    @Test func liveSaysASuccessWithoutADeclaredHeader() async throws {
        #expect(await live(Shop()).filter { $0.severity != .info }.map(\.message) == [])
        let found = await live(Shop(headers: [("x-total-count", "42")])).filter { $0.kind == .answerHeader }
        #expect(found.count == 1)
        #expect(found.first?.endpoint == "pets.list")
        #expect(found.first?.severity == .error)
        #expect(found.first?.expected == "Docker-Content-Digest", "\(found)")
    }

    @Test func recordKeepsTheDeclaredHeadersAndTheReplayAnswersWithThem() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = await MockRecorder(
            api: Self.api, transport: Shop(), options: LiveOptions(baseURL: URL(string: "http://shop.invalid/")!),
            directory: folder, force: false
        ).run()
        #expect(recording.files.flatMap(\.findings).filter { $0.severity != .info }.map(\.message) == [])
        let written = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent(".headers/pets.json")))
        #expect(written == .object([("X-Total-Count", .string("42")), ("Docker-Content-Digest", .string("sha256:abc"))]))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".headers/plain.json").path))

        let mocks = MockDirectory(folder, api: Self.api)
        #expect(MockAudit(mocks: mocks).run().allFindings.filter { $0.severity == .error }.map(\.message) == [])
        let replayed = try await MockTransport(mocks: mocks).send(
            HTTPRequest(method: .get, url: URL(string: "http://shop.invalid/pets")!, endpointID: "pets.list"))
        #expect(replayed.header("x-total-count") == "42")
        #expect(replayed.header("Docker-Content-Digest") == "sha256:abc")
        #expect(replayed.header("X-Request-Id") == nil)
    }

    func audit(_ files: [String: String], headers: [String: String]) throws -> [Finding] {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".headers"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        for (name, text) in headers { try Data(text.utf8).write(to: folder.appendingPathComponent(".headers/" + name)) }
        return MockAudit(mocks: MockDirectory(folder, api: Self.api)).run().allFindings.filter { $0.kind == .mockHeaders }
    }

    @Test func mocksProvesTheFilesOfHeaders() throws {
        let bodies = ["pets.json": #"[{"id": 1}]"#, "plain.json": "[]"]
        let good = #"{"X-Total-Count": "1", "Docker-Content-Digest": "sha256:0"}"#
        #expect(try audit(bodies, headers: ["pets.json": good]).isEmpty)

        let missing = try audit(bodies, headers: ["pets.json": #"{"x-total-count": "1"}"#])
        #expect(missing.map(\.expected) == ["Docker-Content-Digest"], "\(missing)")
        #expect(try audit(bodies, headers: [:]).first?.expected == "X-Total-Count, Docker-Content-Digest")

        let broken: [(String, String)] = [
            (#"{"X-Total-Count": 1}"#, "$['X-Total-Count']"),
            (#"{"X-Total-Count": "1\r\nSet-Cookie: s=1"}"#, "$['X-Total-Count']"),
            (#"{"Content-Length": "9"}"#, "$['Content-Length']"),
            (#"{"Bad Name": "1"}"#, "$['Bad Name']"),
            ("[]", "$"),
        ]
        for (text, path) in broken {
            let found = try audit(bodies, headers: ["plain.json": text, "pets.json": good])
            #expect(found.count == 1, "\(text): \(found)")
            #expect(found.first?.endpoint == "pets.plain")
            #expect(found.first?.path.map { "\($0)" } == path, "\(text): \(found)")
        }

        let orphan = try audit(bodies, headers: ["pets.json": good, "gone.json": "{}"])
        #expect(orphan.count == 1 && orphan.first?.endpoint == nil && orphan.first?.file?.hasSuffix(".headers/gone.json") == true)
    }

    /// A header the document requires of every success is declared, with its example (or a value
    /// made from its schema) in the mock's file of headers; an optional one is not, as a correct
    /// server may leave it out. The export writes a declared header back as required.
    @Test func theImportDeclaresTheHeadersADocumentRequires() throws {
        let fixture = try ImportFixture(
            paths: """
                "/pets": {"get": {"operationId": "listPets",
                  "responses": {"200": {"description": "ok",
                    "headers": {"X-Total-Count": {"required": true, "schema": {"type": "integer"}, "example": 42},
                                "X-Page-Token": {"required": true, "schema": {"type": "string"}},
                                "X-Rate-Limit": {"schema": {"type": "integer"}}},
                    "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".answering(headers: "X-Total-Count", "X-Page-Token")"#), "\(group)")
        let headers = try #require(fixture.file("mocks/.headers/listPets.json"))
        #expect(
            try JSONParser.parse(Data(headers.utf8)) == .object([("X-Total-Count", .string("42")), ("X-Page-Token", .string("string"))]))

        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try OpenAPIDocument(api: Self.api, mocks: MockDirectory(folder, api: Self.api)).build().document
        let exported = document["paths"]?["/pets"]?["get"]?["responses"]?["200"]?["headers"]
        #expect(exported?["X-Total-Count"]?["required"] == .bool(true), "\(exported?.compactText ?? "none")")
        #expect(document["paths"]?["/plain"]?["get"]?["responses"]?["200"]?["headers"] == nil)
    }

    /// A capture's answer keeps its headers too: `import-har` writes the declared ones beside the
    /// mock, and refuses an answer without one as `record` does.
    @Test func importHARKeepsTheDeclaredHeaders() throws {
        func capture(_ headers: String) -> Data {
            Data(
                (#"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "https://shop.example/pets", "headers": []}, "#
                    + #""response": {"status": 200, "headers": [\#(headers)], "#
                    + #""content": {"mimeType": "application/json", "text": "[{\"id\": 1}]"}}}]}}"#).utf8)
        }
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = #"{"name": "x-total-count", "value": "7"}, {"name": "Docker-Content-Digest", "value": "sha256:9"}"#
        let result = HARImport(api: Self.api, directory: folder).run(try HARArchive(data: capture(both)))
        #expect(result.files.map(\.action) == [.created], "\(result.files.flatMap(\.lines))")
        let written = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent(".headers/pets.json")))
        #expect(written == .object([("X-Total-Count", .string("7")), ("Docker-Content-Digest", .string("sha256:9"))]))

        let other = Self.folder()
        defer { try? FileManager.default.removeItem(at: other) }
        let one = HARImport(api: Self.api, directory: other).run(try HARArchive(data: capture(#"{"name": "X-Total-Count", "value": "7"}"#)))
        #expect(one.files.map(\.action) == [.refused])
        #expect(one.files.flatMap(\.findings).contains { $0.kind == .answerHeader && $0.expected == "Docker-Content-Digest" })
    }
}
