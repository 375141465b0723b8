import APICheck
import Contracts
import Foundation
import HTTPServer

/// `apicheck-bench big-serve`: a server for measuring `apicheck live` as a whole process on a big
/// answer. Login answers the demo's login mock; every other route answers the same generated
/// body: a demo timeline of 100,000 statuses (it decodes, and its paging step asks for a second page
/// of the same size), or the `map` layout (keys that are data, hundreds of thousands of drift
/// findings against the demo's mocks). `--body-out FILE` keeps the body for the baseline.
/// `--next-page empty` answers a request for the next page (`max_id` in its query) with an empty
/// page: the run then holds the answer alone, the base of the paging check's ratio.
struct BigServe {
    enum Kind: String { case timeline, map }
    enum NextPage: String { case same, empty }

    var kind = Kind.timeline
    var count: Int
    var bodyOut: String?
    var nextPage = NextPage.same

    /// About 26 MB and 1.5 M keys each.
    static func defaultCount(_ kind: Kind) -> Int { kind == .timeline ? 100_000 : BigAnswer.Layout.map.defaultCount }

    init(_ options: Options) throws(BenchError) {
        if let name = options.string("kind") {
            guard let chosen = Kind(rawValue: name) else { throw BenchError("--kind is timeline or map, not '\(name)'") }
            kind = chosen
        }
        count = try options.int("count", default: Self.defaultCount(kind))
        bodyOut = options.string("body-out")
        if let name = options.string("next-page") {
            guard let chosen = NextPage(rawValue: name) else { throw BenchError("--next-page is same or empty, not '\(name)'") }
            nextPage = chosen
        }
    }

    func run() async throws -> String {
        guard let mocks = MockTransport.locateMocks(from: #filePath) else { throw BenchError("no mocks/ folder found") }
        let body = kind == .timeline ? Self.timeline(statuses: count) : BigAnswer.body(members: count)
        if let bodyOut { try body.write(to: URL(fileURLWithPath: bodyOut)) }
        let login = try Data(contentsOf: mocks.appendingPathComponent("login.json"))
        let empty = Data(#"{"code":200,"msg":"success","datas":{"statuses":[],"since_id":0,"max_id":0,"total_number":0}}"#.utf8)
        let nextPage = nextPage
        let server = HTTPServer(host: "127.0.0.1", port: 0) { request in
            if request.path.hasSuffix("/Account/login") { return .json(login) }
            if nextPage == .empty, request.query.contains(where: { $0.name == "max_id" }) { return .json(empty) }
            return .json(body)
        }
        try server.start()
        print("listening \(server.baseURL.absoluteString)Api/ bytes \(body.count) keys \(BigAnswer.keyCount(body))")
        fflush(nil)
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    /// A demo timeline of `statuses` statuses, ids descending, each with every field the type
    /// reads and short values: 15 keys in about 285 bytes, as dense as a real feed's keys get.
    static func timeline(statuses: Int) -> Data {
        let top: Int64 = 4_130_540_976_425_200
        var text = #"{"code":200,"msg":"success","datas":{"statuses":["#
        text.reserveCapacity(statuses * 300 + 200)
        for index in 0..<statuses {
            let user = 1_000_000_000 + index % 5000
            text += index == 0 ? "{" : ",{"
            text += #""id":\#(top - Int64(index)),"text":"p\#(index)","created_at":"Tue May 31 2011","source":"web","#
            text += #""reposts_count":\#(index % 500),"comments_count":\#(index % 300),"attitudes_count":\#(index % 900),"#
            text += #""user":{"id":\#(user),"screen_name":"u\#(user)","avatar_large":"a\#(user).jpg","verified_type":-1,"#
            text += #""mbrank":\#(index % 7)},"pic_urls":[{"thumbnail_pic":"t\#(index).jpg"}]}"#
        }
        text += #"],"since_id":\#(top),"max_id":\#(top - Int64(statuses)),"total_number":\#(statuses)}}"#
        return Data(text.utf8)
    }
}

/// `apicheck-bench big-decode`: the baseline of a `big-serve` body, a bare `JSONDecoder` of the
/// file's bytes into the endpoint's type, `--times` times, as a process of its own.
struct BigDecode {
    private struct Wrapped<Payload: Decodable>: Decodable {
        let code: Int
        let msg: String
        let datas: Payload
    }

    var file: String
    var kind = BigServe.Kind.timeline
    var times: Int

    init(_ options: Options) throws(BenchError) {
        guard let file = options.string("file") else { throw BenchError("big-decode needs --file FILE") }
        self.file = file
        if let name = options.string("kind") {
            guard let chosen = BigServe.Kind(rawValue: name) else { throw BenchError("--kind is timeline or map, not '\(name)'") }
            kind = chosen
        }
        times = try options.int("times", default: 1)
    }

    func run() throws -> String {
        let body = try Data(contentsOf: URL(fileURLWithPath: file))
        var decoded = 0
        for _ in 0..<times {
            decoded +=
                kind == .timeline
                ? try JSONDecoder().decode(Wrapped<Timeline>.self, from: body).datas.statuses.count
                : try JSONDecoder().decode(Wrapped<[String: FeedPage.Actor]>.self, from: body).datas.count
        }
        return "decoded \(decoded)"
    }
}
