import APICheck
import Foundation
import MockServer

/// `apicheck-bench serve`: a `MockServer` over a generated catalog of N endpoints, every one
/// answering the same body, in the foreground until killed. ci/bench-serve points wrk at
/// `bench/item/{id}`, which every catalog size declares, to compare route lookup at 1 and 500.
struct ServeCatalogBench {
    let endpoints: Int
    let port: Int
    let body: String

    init(_ options: Options) throws(BenchError) {
        endpoints = try options.int("endpoints", default: 500)
        port = try options.int("port", default: 8090)
        guard let body = options.string("body") else { throw BenchError("serve needs --body FILE (the JSON every endpoint answers)") }
        self.body = body
    }

    func run() async throws -> String {
        let (server, folder) = try Self.makeServer(endpoints: endpoints, port: port, body: body)
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.start()
        FileHandle.standardError.write(
            Data("apicheck-bench serve: \(endpoints) endpoints on \(server.baseURL.absoluteString)bench/item/1\n".utf8))
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    /// A server over the generated catalog, not started, and the folder of its one mock.
    static func makeServer(endpoints: Int, port: Int, body: String) throws -> (MockServer, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-serve-\(getpid())-\(endpoints)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: body), to: folder.appendingPathComponent("item.json"))
        // The measured route first, then the others spread over 25 top-level groups, so that a
        // linear lookup would have to pass hundreds of templates.
        var declared: [any EndpointConvertible] = [
            Endpoint<JSONPassthrough>(
                id: "bench.item", .get, "bench/item/{id}", parameters: [.path("id", .int)],
                mock: "item", enveloped: false)
        ]
        for index in 1..<endpoints {
            declared.append(
                Endpoint<JSONPassthrough>(
                    id: "e\(index)", .get, "group\(index % 25)/item\(index)/{id}",
                    parameters: [.path("id", .int)], mock: "item", enveloped: false))
        }
        let api = API(
            name: "bench", environments: ["local": URL(string: "http://127.0.0.1/Api/")!],
            envelope: EnvelopePolicy(), endpoints: declared)
        let server = try MockServer(api: api, mocks: folder, options: MockServerOptions(port: port, allowInvalid: true))
        return (server, folder)
    }
}

/// Any JSON at all: the bench catalog's decode type.
struct JSONPassthrough: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}
