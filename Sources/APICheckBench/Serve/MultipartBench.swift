import APICheck
import Foundation
import HTTPServer
import MockServer

/// `apicheck-bench multipart`: what a file upload costs `serve` read as `multipart/form-data`
/// (through GMime, part by part, the file decoded into a `FilePart`) against the same upload as
/// JSON (the file in base64, parsed and decoded into the same type): `MockServer.respond` in
/// process, no socket, for a small and a large file, in alternating batches.
struct MultipartBench {
    struct Upload: Codable, Sendable {
        var caption: String
        var rating: Int
        var image: FilePart
    }
    struct Stored: Decodable, Sendable { var id: Int }

    let rounds: Int
    let sizes: [Int]

    init(_ options: Options) throws(BenchError) {
        rounds = try options.int("rounds", default: 5)
        sizes = try options.ints("kilobytes", default: [64, 4096]).map { $0 * 1024 }
    }

    func run() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-multipart-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"id": 1}"#.utf8).write(to: folder.appendingPathComponent("stored.json"))
        let api = API(
            name: "uploads", envelope: .none,
            endpoints: [
                Endpoint<Stored>(id: "upload.multipart", .post, "multipart", mock: "stored", body: .multipart(Upload.self)),
                Endpoint<Stored>(id: "upload.json", .post, "json", mock: "stored", body: .json(Upload.self)),
            ])
        // The API declares no environment, which the audit notes: nothing that changes what is served.
        let server = try MockServer(api: api, mocks: folder, options: MockServerOptions(port: 0, allowInvalid: true))
        var out = "multipart: an upload read by serve in process (MockServer.respond), \(rounds) rounds, median per request\n"
        var rows: [[String]] = [], summaries: [String] = []
        for size in sizes {
            var generator = SplitMix(seed: UInt64(size))
            let file = Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            let upload = Upload(caption: "bench", rating: 4, image: FilePart(filename: "f.bin", contentType: "image/png", content: file))
            let document = try RequestBody.multipart(Upload.self).json(of: upload, dates: .iso8601)
            let multipart = try RequestBody.multipart(Upload.self).wire(document)
            let json = try RequestBody.json(Upload.self).wire(document)
            func request(_ path: String, _ wire: (data: Data, contentType: String)) -> ServerRequest {
                ServerRequest(method: "POST", path: "/" + path, headers: [("Content-Type", wire.contentType)], body: wire.data)
            }
            let requests = [request("multipart", multipart), request("json", json)]
            for request in requests {
                let answer = server.respond(to: request)
                guard answer.status == 200 else {
                    throw BenchError("\(request.path) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
                }
            }
            let iterations = max(3, (8 << 20) / size)
            var samples: [[Double]] = [[], []]
            for round in 0..<rounds {
                for index in round % 2 == 0 ? [0, 1] : [1, 0] {
                    let clock = ContinuousClock()
                    var statuses = 0
                    let elapsed = clock.measure {
                        for _ in 0..<iterations { statuses &+= server.respond(to: requests[index]).status }
                    }
                    precondition(statuses == 200 * iterations)
                    samples[index].append(elapsed.seconds / Double(iterations))
                }
            }
            let multipartTime = Spread(samples[0]).median, jsonTime = Spread(samples[1]).median
            func rate(_ bytes: Int, _ seconds: Double) -> String { fixed(Double(bytes) / seconds / 1e6, 0) + " MB/s" }
            let label = size >= 1 << 20 ? "\(size >> 20) MiB" : "\(size >> 10) KiB"
            rows.append([
                "\(label) file as multipart (\(multipart.data.count) bytes)", us(multipartTime), rate(multipart.data.count, multipartTime),
            ])
            rows.append(["\(label) file as JSON, base64 (\(json.data.count) bytes)", us(jsonTime), rate(json.data.count, jsonTime)])
            summaries.append("=> multipart: a \(label) upload read as multipart / as JSON: \(fixed(multipartTime / jsonTime, 2))x the time")
        }
        out += table(["per request", "median", "rate"], rows) + "\n" + summaries.joined(separator: "\n")
        return out
    }
}
