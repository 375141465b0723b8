import Foundation
import Testing
@testable import APICheck

/// A mocks folder is listed once, but a file gets its reader only when first asked for: a run of
/// a few endpoints (a shard, `--only`) pays for its own files, not the folder's.
@Suite struct MockDirectoryLazinessTests {
    struct Item: Decodable, Sendable {
        let id: Int
    }

    @Test func onlyTheFilesAskedForAreOpened() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let endpoints = (0..<50).map { Endpoint<Item>(id: "e\($0)", .get, "e\($0)", mock: "e\($0)") }
        for index in 0..<50 { try Data(#"{"id": \#(index)}"#.utf8).write(to: folder.appendingPathComponent("e\(index).json")) }
        let api = API(name: "lazy", envelope: nil, endpoints: endpoints)
        let mocks = MockDirectory(folder, api: api)
        #expect(mocks.files.count == 50)
        #expect(mocks.openedCount == 0)

        let file = try #require(mocks.file(of: endpoints[7].erased))
        #expect(try mocks.data(of: file).get() == Data(#"{"id": 7}"#.utf8))
        #expect(mocks.openedCount == 1)
        #expect(mocks.readCount == 1)
    }

    /// A file is read under the name it has in the folder, which need not be the one its parts
    /// print (a status written `0200` reads as 200).
    @Test func aFileIsReadUnderItsOwnName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"id": 1}"#.utf8).write(to: folder.appendingPathComponent("e@gone.0200.json"))
        let endpoint = Endpoint<Item>(id: "e", .get, "e", mock: "e")
        let mocks = MockDirectory(folder, api: API(name: "lazy", envelope: nil, endpoints: [endpoint]))
        let file = try #require(mocks.files.first)
        #expect(file.status == 200)
        #expect(try mocks.data(of: file).get() == Data(#"{"id": 1}"#.utf8))
    }
}
