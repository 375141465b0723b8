import APICheck
import CurlClient
import Foundation
import HTTPServer

/// The payload every generated endpoint declares.
struct Item: Decodable, Sendable {
    let id: Int
    let name: String
}

/// `apicheck live` against a local server whose every answer takes `latency`: wall time at each
/// concurrency, against the ideal `endpoints / concurrency × latency`.
struct LiveBench {
    var endpoints = 200
    var latencyMillis = 20
    // The default concurrency of `apicheck live` (the transport's), then one at a time.
    var concurrencies = [CurlConfiguration().concurrency, 1]
    var repetitions = 3

    init(_ options: Options) throws(BenchError) {
        endpoints = try options.int("endpoints", default: endpoints)
        latencyMillis = try options.int("latency", default: latencyMillis)
        concurrencies = try options.ints("concurrency", default: concurrencies)
        repetitions = try options.int("reps", default: repetitions)
    }

    static func makeAPI(endpoints count: Int) -> API {
        let endpoints = (0..<count).map { index -> Endpoint<Item> in
            let name = "e" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
            return Endpoint<Item>(id: "bench.\(name)", .get, "bench/\(name)", mock: name)
        }
        // No endpoint needs the token, so the login endpoint named here is never called.
        return API(
            name: "bench", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "bench.login", tokenField: nil, placement: .bearer),
            endpoints: endpoints)
    }

    func run() async throws -> String {
        let latency = latencyMillis
        let body = Data(#"{"code":200,"msg":"success","datas":{"id":1,"name":"x"}}"#.utf8)
        // Thread per connection: every connection libcurl opens has a thread that may sleep.
        let server = HTTPServer(host: "127.0.0.1", port: 0) { _ in
            usleep(UInt32(latency) * 1000)
            return .json(body)
        }
        try server.start()
        defer { server.stop() }
        let api = Self.makeAPI(endpoints: endpoints)
        let latencySeconds = Double(latencyMillis) / 1000

        var medians: [Int: Double] = [:]
        var rows: [[String]] = []
        for concurrency in concurrencies {
            let transport = CurlTransport(configuration: CurlConfiguration(concurrency: concurrency))
            defer { transport.shutdown() }
            // Warm-up: open the connections on a few endpoints, not counted.
            let warmup = Set(api.endpoints.prefix(concurrency * 2).map(\.id))
            _ = try await check(api, transport, server.baseURL, concurrency, only: warmup)
            var samples: [Double] = []
            for _ in 0..<repetitions {
                samples.append(try await check(api, transport, server.baseURL, concurrency, only: nil))
            }
            let spread = Spread(samples)
            medians[concurrency] = spread.median
            let ideal = (Double(endpoints) / Double(concurrency)).rounded(.up) * latencySeconds
            let isDefault = concurrency == CurlConfiguration().concurrency
            rows.append([
                "\(concurrency)" + (isDefault ? " (default)" : ""), ms(spread.median), ms(spread.min) + " – " + ms(spread.max), ms(ideal),
                ratio(spread.median / ideal), "\(transport.connectionsOpened)",
            ])
        }
        var text = "live: \(endpoints) endpoints, server latency \(latencyMillis) ms, \(repetitions) runs each (median)\n"
        text += table(["concurrency", "wall (median)", "min – max", "ideal", "measured/ideal", "connections"], rows)
        for concurrency in concurrencies where concurrency != 1 {
            guard let parallel = medians[concurrency] else { continue }
            let ideal = (Double(endpoints) / Double(concurrency)).rounded(.up) * latencySeconds
            var summary =
                "=> live \(endpoints) x \(latencyMillis) ms: concurrency \(concurrency)\(concurrency == CurlConfiguration().concurrency ? " (default)" : "") takes \(ratio(parallel / ideal)) "
                + "the ideal \(endpoints)/\(concurrency) x \(latencyMillis) ms (budget: close to 1x)"
            if let serial = medians[1] {
                text += "\nspeed-up of concurrency \(concurrency) over concurrency 1: \(ratio(serial / parallel))"
                summary += "; \(ratio(serial / parallel)) faster than concurrency 1 (budget: >= 3x)"
            }
            text += "\n" + summary
        }
        return text
    }

    /// One whole live check; its wall time in seconds. Throws when any endpoint failed, since a
    /// failing run would time something other than the happy path.
    private func check(
        _ api: API, _ transport: CurlTransport, _ baseURL: URL, _ concurrency: Int,
        only: Set<String>?
    ) async throws -> Double {
        let options = LiveOptions(baseURL: baseURL, only: only, concurrency: concurrency, probes: false)
        let clock = ContinuousClock()
        let start = clock.now
        let report = await LiveCheck(api: api, transport: transport, options: options).run()
        let elapsed = (clock.now - start).seconds
        guard report.verdict == .holds, report.results.count == (only?.count ?? endpoints) else {
            let problems = report.allFindings.prefix(3).map { "\($0.endpoint ?? "run"): \($0.message)" }.joined(separator: "; ")
            throw BenchError("live check failed (\(report.verdict.rawValue)): \(problems)")
        }
        return elapsed
    }
}
