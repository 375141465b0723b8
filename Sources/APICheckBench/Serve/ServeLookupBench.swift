import Foundation
import HTTPServer
import MockServer

/// `apicheck-bench serve-lookup`: the serving logic alone, in process (`MockServer.respond`, no
/// socket), for a 1-endpoint and a 500-endpoint catalog answering the same route, in alternating
/// batches: the CPU cost per request and the ratio of the two, with far less noise than wrk on
/// a shared machine.
struct ServeLookupBench {
    let iterations: Int
    let rounds: Int
    let body: String

    init(_ options: Options) throws(BenchError) {
        iterations = try options.int("iterations", default: 100_000)
        rounds = try options.int("rounds", default: 5)
        guard let body = options.string("body") else { throw BenchError("serve-lookup needs --body FILE") }
        self.body = body
    }

    func run() throws -> String {
        let (one, oneFolder) = try ServeCatalogBench.makeServer(endpoints: 1, port: 0, body: body)
        let (many, manyFolder) = try ServeCatalogBench.makeServer(endpoints: 500, port: 0, body: body)
        defer {
            try? FileManager.default.removeItem(at: oneFolder)
            try? FileManager.default.removeItem(at: manyFolder)
        }
        let request = ServerRequest(
            method: "GET", path: "/Api/bench/item/42",
            headers: [("Host", "127.0.0.1"), ("User-Agent", "bench"), ("Accept", "*/*")])
        var oneSamples: [Double] = [], manySamples: [Double] = []
        for round in 0..<rounds {
            // Alternate which goes first, so that neither always runs on a warmer cache.
            let order = round % 2 == 0 ? [(one, 0), (many, 1)] : [(many, 1), (one, 0)]
            for (server, index) in order {
                let clock = ContinuousClock()
                var bytes = 0
                let elapsed = clock.measure {
                    for _ in 0..<iterations { bytes &+= server.respond(to: request).body.count }
                }
                precondition(bytes > 0)
                let perCall = elapsed.seconds / Double(iterations) * 1e6
                if index == 0 { oneSamples.append(perCall) } else { manySamples.append(perCall) }
            }
        }
        let oneSpread = Spread(oneSamples), manySpread = Spread(manySamples)
        return """
            serve lookup: MockServer.respond in process, \(iterations) calls x \(rounds) rounds, same route
              1-endpoint catalog:   \(fixed(oneSpread.median, 2)) µs per request (min \(fixed(oneSpread.min, 2)), max \(fixed(oneSpread.max, 2)))
              500-endpoint catalog: \(fixed(manySpread.median, 2)) µs per request (min \(fixed(manySpread.min, 2)), max \(fixed(manySpread.max, 2)))
            => serve in process, 500-endpoint / 1-endpoint time per request: \(fixed(manySpread.median / oneSpread.median, 2))x (budget within 10%)
            """
    }
}
