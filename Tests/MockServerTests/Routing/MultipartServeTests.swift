import APICheck
import Foundation
import Testing

@testable import MockServer

/// A `multipart/form-data` body (a file upload) read by the type it is declared with: what the
/// client sends passes, what curl's `-F` sends passes, and a field missing, of the wrong type, or
/// a body that is not multipart or is cut short is refused at its JSONPath.
@Suite(.serialized) struct MultipartServeTests {
    struct Meta: Codable, Sendable, Equatable { var width: Int }
    struct Upload: Codable, Sendable {
        var caption: String
        var rating: Int
        var tags: [String]
        var meta: Meta?
        var image: FilePart
    }
    struct Stored: Decodable, Sendable { var id: Int }

    /// Bytes a naive boundary search would trip on: a line break, a NUL, a boundary's dashes.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x00, 0x2D, 0x2D, 0x0D, 0x0A, 0x2D, 0x2D, 0xFF])
    static let sample = Upload(
        caption: "me, at the \"lake\"", rating: 4, tags: ["summer", "lake"], meta: Meta(width: 640),
        image: FilePart(filename: "me.png", contentType: "image/png", content: png))
    static let upload = Endpoint<Stored>(
        id: "photos.upload", .post, "photos", mock: "stored", body: .multipart(Upload.self, sample: sample))

    static func harness() throws -> (ServeHarness, TemporaryMocks) {
        let mocks = try TemporaryMocks(files: ["stored.json": #"{"id": 7}"#])
        let api = API(name: "photos", envelope: .none, endpoints: [upload])
        return (try ServeHarness(api: api, mocks: mocks.url), mocks)
    }

    @Test func whatTheClientSendsReadsBackPartForPart() throws {
        let document = try RequestBody.multipart(Upload.self).json(of: Self.sample, dates: .iso8601)
        let parts = try MultipartBody.parts(document)
        #expect(parts.map(\.name) == ["caption", "image", "meta", "rating", "tags", "tags"])
        let (data, boundary) = MultipartBody.encode(parts)
        #expect(MultipartBody.encode(parts).data == data, "the same body gives the same bytes")
        let read = try MultipartReader.parts(data, contentType: "multipart/form-data; boundary=\(boundary)").get()
        #expect(read.count == parts.count)
        let image = try #require(read.first { $0.name == "image" })
        #expect(image.content == Self.png)
        #expect(image.filename == "me.png")
        #expect(image.contentType == "image/png")
        #expect(read.first { $0.name == "caption" }?.content == Data(#"me, at the "lake""#.utf8))
        let back = try MultipartBody.document(read).get()
        #expect(RequestBody.multipart(Upload.self).check(back, dates: .iso8601) == nil)
        #expect(back["meta"] == .object([("width", .number("640"))]))
        #expect(back["tags"] == .array([.string("summer"), .string("lake")]))
    }

    /// serve's pool and the proxy's workers read bodies side by side: GMime's parsers share nothing.
    @Test func bodiesReadOnManyThreadsAtOnceReadTheSame() async throws {
        let document = try RequestBody.multipart(Upload.self).json(of: Self.sample, dates: .iso8601)
        let (data, boundary) = MultipartBody.encode(try MultipartBody.parts(document))
        let expected = try MultipartReader.parts(data, contentType: "multipart/form-data; boundary=\(boundary)").get()
        let same = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<100).allSatisfy { _ in
                        (try? MultipartReader.parts(data, contentType: "multipart/form-data; boundary=\(boundary)").get()) == expected
                    }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(same)
    }

    /// What a hostile or careless client sends is refused with a reason, never read in part.
    @Test func hostileBodiesAreRefusedWithAReason() throws {
        let many = (0...MultipartReader.maxParts).map { MultipartBody.Part(name: "f\($0)", content: Data("x".utf8)) }
        let (manyData, manyBoundary) = MultipartBody.encode(many)
        let tooMany = MultipartReader.parts(manyData, contentType: "multipart/form-data; boundary=\(manyBoundary)")
        #expect(tooMany == .failure(MultipartBody.BodyProblem(field: "(body)", reason: "has more than 1000 parts")))

        // A part that is itself multipart: a form's parts do not nest.
        let inner = "--in\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--in--\r\n"
        let nested =
            "--out\r\nContent-Disposition: form-data; name=\"n\"\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n"
            + inner + "\r\n--out--\r\n"
        let read = MultipartReader.parts(Data(nested.utf8), contentType: "multipart/form-data; boundary=out")
        #expect(read == .failure(MultipartBody.BodyProblem(field: "(body)", reason: "is malformed")))

        // A name with a quote and a line break cannot add a header of its own.
        let (data, boundary) = MultipartBody.encode([
            MultipartBody.Part(name: "a\"\r\nContent-Type: text/html", content: Data("x".utf8))
        ])
        let parts = try MultipartReader.parts(data, contentType: "multipart/form-data; boundary=\(boundary)").get()
        #expect(parts.count == 1)
        #expect(parts.first?.contentType == nil)
        #expect(parts.first?.name == "a%22%0D%0AContent-Type: text/html")
        let (typed, typedBoundary) = MultipartBody.encode([
            MultipartBody.Part(name: "f", filename: "a.txt", contentType: "text/plain\r\nX-Injected: 1", content: Data("x".utf8))
        ])
        #expect(!String(decoding: typed, as: UTF8.self).contains("\r\nX-Injected"))
        let typedParts = try MultipartReader.parts(typed, contentType: "multipart/form-data; boundary=\(typedBoundary)").get()
        #expect(typedParts.map(\.content) == [Data("x".utf8)])
    }

    @Test func theDeclaredBodyPassesAndAWrongOneIsRefusedAtItsPath() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        #expect(try await harness.client().send(Self.upload, body: Self.sample).id == 7)

        func post(_ parts: [MultipartBody.Part]) async throws -> HTTPResponse {
            let (data, boundary) = MultipartBody.encode(parts)
            return try await self.post(data, contentType: "multipart/form-data; boundary=\(boundary)", harness)
        }
        let image = MultipartBody.Part(name: "image", filename: "a.png", contentType: "image/png", content: Self.png)
        let text = { (name: String, value: String) in MultipartBody.Part(name: name, content: Data(value.utf8)) }
        #expect(try await post([text("caption", "x"), text("rating", "5"), text("tags[]", "one"), image]).status == 200)
        // A text file is a file by its name, whatever its media type or none.
        for type in ["text/plain", nil] {
            let notes = MultipartBody.Part(name: "image", filename: "notes.txt", contentType: type, content: Data("hi".utf8))
            #expect(try await post([text("caption", "x"), text("rating", "5"), text("tags", "a"), notes]).status == 200)
        }

        let noImage = try await post([text("caption", "x"), text("rating", "5"), text("tags", "a")])
        #expect(noImage.status == 400)
        #expect(String(decoding: noImage.body, as: UTF8.self).contains("$.image (body): expected FilePart, found absent"))
        let badRating = try await post([text("caption", "x"), text("rating", "five"), text("tags", "a"), image])
        #expect(String(decoding: badRating.body, as: UTF8.self).contains("$.rating (body): expected Int, found String"))
        let badMeta = try await post([
            text("caption", "x"), text("rating", "5"), text("tags", "a"), image,
            MultipartBody.Part(name: "meta", contentType: "application/json", content: Data(#"{"width": "wide"}"#.utf8)),
        ])
        #expect(String(decoding: badMeta.body, as: UTF8.self).contains("$.meta.width (body): expected Int, found String"))
        let brokenMeta = try await post([
            text("caption", "x"), text("rating", "5"), text("tags", "a"), image,
            MultipartBody.Part(name: "meta", contentType: "application/json", content: Data(#"{"width": "#.utf8)),
        ])
        #expect(brokenMeta.status == 400)
        #expect(String(decoding: brokenMeta.body, as: UTF8.self).contains("$.meta (body): multipart/form-data is not JSON"))
    }

    @Test func aBodyThatIsNotMultipartOrIsCutShortIsRefused() async throws {
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let (data, boundary) = MultipartBody.encode([MultipartBody.Part(name: "caption", content: Data("x".utf8))])
        let asJSON = try await post(Data(#"{"caption": "x"}"#.utf8), contentType: "application/json", harness)
        #expect(asJSON.status == 400)
        #expect(String(decoding: asJSON.body, as: UTF8.self).contains("is not multipart/form-data: Content-Type application/json"))
        let cut = try await post(data.prefix(data.count - 12), contentType: "multipart/form-data; boundary=\(boundary)", harness)
        #expect(cut.status == 400)
        #expect(String(decoding: cut.body, as: UTF8.self).contains("cut short"), "\(String(decoding: cut.body, as: UTF8.self))")
        let noBoundary = try await post(data, contentType: "multipart/form-data", harness)
        #expect(String(decoding: noBoundary.body, as: UTF8.self).contains("has no boundary"))
        let otherBoundary = try await post(data, contentType: "multipart/form-data; boundary=elsewhere", harness)
        #expect(otherBoundary.status == 400)
    }

    /// A file sent as the body: any bytes pass, none is refused, and the client sends the file's
    /// own media type when it names one.
    @Test func aBinaryBodyTakesAnyBytesButNone() async throws {
        let mocks = try TemporaryMocks(files: ["stored.json": #"{"id": 7}"#])
        defer { mocks.remove() }
        let avatar = Endpoint<Stored>(
            id: "avatar.put", .put, "avatar", mock: "stored", body: .binary(contentType: "image/png", sample: FilePart(content: Self.png)))
        let harness = try ServeHarness(api: API(name: "avatars", envelope: .none, endpoints: [avatar]), mocks: mocks.url)
        defer { harness.stop() }
        #expect(try await harness.client().send(avatar).id == 7)
        #expect(try await harness.client().send(avatar, body: FilePart(contentType: "image/jpeg", content: Data([0xFF, 0xD8]))).id == 7)
        let url = URL(string: "avatar", relativeTo: harness.server.baseURL)!.absoluteURL
        let empty = try await harness.transport.send(
            HTTPRequest(method: .put, url: url, headers: [(name: "Content-Type", value: "image/png")], body: Data()))
        #expect(empty.status == 400)
        #expect(String(decoding: empty.body, as: UTF8.self).contains("is required (FilePart) but missing"))
        let wire = try RequestBody.binary(contentType: "image/png").wire(
            try RequestBody.binary().json(of: FilePart(contentType: "image/gif", content: Self.png), dates: .iso8601))
        #expect(wire.data == Self.png)
        #expect(wire.contentType == "image/gif")
    }

    /// curl's `-F`, a client nobody here wrote, sends what the declaration reads.
    @Test func curlsFormUploadPasses() async throws {
        guard let curl = ["/usr/bin/curl", "/bin/curl"].first(where: FileManager.default.isExecutableFile) else { return }
        let (harness, mocks) = try Self.harness()
        defer { harness.stop(); mocks.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("me.png")
        try Self.png.write(to: file)
        let url = URL(string: "photos", relativeTo: harness.server.baseURL)!.absoluteURL.absoluteString
        func run(_ fields: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: curl)
            process.arguments = ["-s", "-o", "-", "-w", "\n%{http_code}"] + fields.flatMap { ["-F", $0] } + [url]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let fine = try run([
            "caption=me", "rating=4", "tags=a", "tags=b", "image=@\(file.path);type=image/png", #"meta={"width":3};type=application/json"#,
        ])
        #expect(fine.hasSuffix("\n200"), "\(fine)")
        let wrong = try run(["caption=me", "rating=4.5", "tags=a", "image=@\(file.path)"])
        #expect(wrong.hasSuffix("\n400"), "\(wrong)")
        #expect(wrong.contains("$.rating (body): expected Int"), "\(wrong)")
    }

    private func post(_ data: Data, contentType: String, _ harness: ServeHarness) async throws -> HTTPResponse {
        let url = URL(string: "photos", relativeTo: harness.server.baseURL)!.absoluteURL
        return try await harness.transport.send(
            HTTPRequest(method: .post, url: url, headers: [(name: "Content-Type", value: contentType)], body: data))
    }
}
