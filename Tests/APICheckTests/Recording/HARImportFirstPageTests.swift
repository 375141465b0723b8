import APICheck
import Foundation
import TestSupport
import Testing

/// A capture that holds several pages of one list: the success mock is the list's first page,
/// which `serve` cuts its pages from, not the page a client read last.
@Suite struct HARImportFirstPageTests {
    struct Catalog: Codable, Sendable { var repositories: [String] }

    static func api(_ paging: Paging, _ parameters: [Parameter]) -> API {
        API(
            name: "registry", environments: ["prod": URL(string: "https://registry.example/v2/")!], envelope: .none,
            endpoints: [Endpoint<Catalog>(id: "catalog.list", .get, "_catalog", parameters: parameters, mock: "catalog", paging: paging)])
    }

    static func capture(_ pages: [(query: String, names: [String])]) -> String {
        let entries = pages.map { page in
            let body = #"{\"repositories\": ["# + page.names.map { #"\"\#($0)\""# }.joined(separator: ", ") + "]}"
            return #"{"request": {"method": "GET", "url": "https://registry.example/v2/_catalog?\#(page.query)", "headers": []}, "#
                + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": "\#(body)"}}}"#
        }
        return #"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ", ") + "]}}"
    }

    func imported(_ api: API, _ pages: [(query: String, names: [String])]) throws -> (names: JSONValue?, lines: [String]) {
        let folder = try TemporaryFolder("har-first-page")
        defer { folder.remove() }
        let result = HARImport(api: api, directory: folder.url).run(try HARArchive(data: Data(Self.capture(pages).utf8)))
        let written = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("catalog.json")))
        return (written["repositories"], result.files.flatMap(\.lines))
    }

    @Test func theFirstPageWinsOverALaterOne() throws {
        let registry = Self.api(
            .link(ids: "$.repositories[*]", size: "n", lastID: "last"), [.query("n", .int), .query("last", .string)])
        let (names, lines) = try imported(registry, [("n=2", ["busybox", "library/alpine"]), ("n=2&last=library%2Falpine", ["team/app"])])
        #expect(names == .array([.string("busybox"), .string("library/alpine")]))
        #expect(lines.first?.hasSuffix("catalog.json (latest first page of 2 answers)") == true, "\(lines)")

        let offsets = Self.api(
            .offset(ids: "$.repositories[*]", next: "offset", limit: "limit"), [.query("offset", .int), .query("limit", .int)])
        let byOffset = try imported(offsets, [("offset=0&limit=1", ["a"]), ("offset=1&limit=1", ["b"])])
        #expect(byOffset.names == .array([.string("a")]))
    }

    /// Only later pages: the latest still wins, and the line says none was a first page.
    @Test func withoutAFirstPageTheLatestWinsAndSaysSo() throws {
        let registry = Self.api(
            .link(ids: "$.repositories[*]", size: "n", lastID: "last"), [.query("n", .int), .query("last", .string)])
        let (names, lines) = try imported(registry, [("n=1&last=a", ["b"]), ("n=1&last=b", ["c"])])
        #expect(names == .array([.string("c")]))
        #expect(lines.first?.hasSuffix("(latest of 2 answers, none a first page)") == true, "\(lines)")
    }
}
