import APICheck
import Foundation
import TestSupport
import Testing

/// `import-har` tells apart endpoints declared on one method and path as `serve` does: by the
/// query parameter, header or body field each declares (`distinguishedBy:`), each answer into
/// the mock of the endpoint whose distinction its request meets.
@Suite struct HARImportDistinctionTests {
    struct Page: Codable, Sendable {
        var page: String
    }

    static func endpoint(_ id: String, _ method: HTTPMethod, _ path: String, _ distinction: Distinction?) -> Endpoint<Page> {
        Endpoint<Page>(
            id: id, method, path, mock: id.replacingOccurrences(of: ".", with: "_"), enveloped: false,
            distinguishedBy: distinction)
    }

    static let api = API(
        name: "pages", environments: ["prod": URL(string: "https://api.example/v1/")!], envelope: EnvelopePolicy(),
        endpoints: [
            endpoint("sync.initial", .get, "sync", .query("since", present: false)),
            endpoint("sync.since", .get, "sync", .query("since", present: true)),
            endpoint("feed.first", .get, "feed", nil),
            endpoint("feed.next", .get, "feed", .header("X-Page-Cursor")),
            endpoint("search.tags", .post, "search", .bodyField("kind", value: "tag")),
            endpoint("search.text", .post, "search", .bodyField("kind", value: "text")),
        ])

    /// A captured GET or POST whose answer names the endpoint it was for.
    static func entry(
        _ method: String, _ pathAndQuery: String, headers: [(String, String)] = [],
        post: (mimeType: String, text: String)? = nil, answer: String
    ) -> String {
        func quoted(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
        }
        let fields = headers.map { #"{"name": \#(quoted($0.0)), "value": \#(quoted($0.1))}"# }.joined(separator: ", ")
        let postData = post.map { #", "postData": {"mimeType": \#(quoted($0.mimeType)), "text": \#(quoted($0.text))}"# } ?? ""
        return
            #"{"request": {"method": "\#(method)", "url": "https://api.example/v1/\#(pathAndQuery)", "headers": [\#(fields)]\#(postData)}, "#
            + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": \#(quoted(#"{"page": "\#(answer)"}"#))}}}"#
    }

    @Test func eachAnswerGoesToTheEndpointWhoseDistinctionItsRequestMeets() throws {
        let folder = try TemporaryFolder("har-distinction")
        defer { folder.remove() }
        let entries = [
            Self.entry("GET", "sync?since=s1&timeout=0", answer: "since"),
            Self.entry("GET", "sync?timeout=0", answer: "initial"),
            Self.entry("GET", "feed", headers: [("x-page-cursor", "c2")], answer: "next"),
            Self.entry("GET", "feed", answer: "first"),
            Self.entry("POST", "search", post: ("application/json", #"{"kind": "text", "q": "swift"}"#), answer: "text"),
            Self.entry("POST", "search", post: ("application/x-www-form-urlencoded", "q=swift&kind=tag"), answer: "tags"),
        ]
        let capture = #"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ", ") + "]}}"

        let result = HARImport(api: Self.api, directory: folder.url).run(try HARArchive(data: Data(capture.utf8)))

        #expect(result.unmatched.isEmpty)
        #expect(
            result.files.map(\.endpoint).sorted()
                == ["feed.first", "feed.next", "search.tags", "search.text", "sync.initial", "sync.since"])
        for (mock, answer) in [
            ("sync_initial", "initial"), ("sync_since", "since"), ("feed_first", "first"), ("feed_next", "next"),
            ("search_tags", "tags"), ("search_text", "text"),
        ] {
            let written = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("\(mock).json")))
            #expect(written["page"] == .string(answer), "\(mock).json")
        }
    }

    @Test(arguments: [
        (Distinction.query("since", present: true), true),
        (.query("timeout", present: false), false),
        (.header("X-PAGE-CURSOR"), true),
        (.header("x-page-cursor", value: "c2"), true),
        (.header("x-page-cursor", value: "c3"), false),
        (.bodyField("kind", value: "tag"), true),
        (.bodyField("q"), true),
        (.bodyField("kind", value: "text"), false),
        (.bodyField("missing"), false),
    ])
    func aCapturedRequestMeetsADistinctionAsServeReadsIt(_ distinction: Distinction, _ met: Bool) throws {
        let capture =
            #"{"log": {"version": "1.2", "entries": ["#
            + Self.entry(
                "POST", "search?since=s%201&timeout=0", headers: [("X-Page-Cursor", "c2")],
                post: ("application/x-www-form-urlencoded", "q=swift+6&kind=tag"), answer: "tags") + "]}}"
        let entry = try HARArchive(data: Data(capture.utf8)).read(at: 0).get()

        #expect(entry.meets(distinction) == met)
    }
}
