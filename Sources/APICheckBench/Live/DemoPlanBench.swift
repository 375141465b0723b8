import APICheck
import Contracts
import CurlClient
import Foundation
import Sandbox
import Synchronization

/// `apicheck live` on the demo API, probes included, against the sandbox with every route
/// answering after `latency`: the run's plan at the default concurrency against the same run one
/// request at a time. The plan's depth, not the endpoint count, sets the wall time.
struct DemoPlanBench {
    var latencyMillis = 200
    var concurrencies = [CurlConfiguration().concurrency, 1]
    var repetitions = 2

    init(_ options: Options) throws(BenchError) {
        latencyMillis = try options.int("latency", default: latencyMillis)
        concurrencies = try options.ints("concurrency", default: concurrencies)
        repetitions = try options.int("reps", default: repetitions)
    }

    func run() async throws -> String {
        // The sandbox's routes are the demo's paths; a delay fault on each slows every answer.
        let faults = Demo.api.endpoints.map { SandboxFault.delay(route: $0.path, milliseconds: latencyMillis) }
        let server = SandboxServer(configuration: SandboxConfiguration(faults: faults))
        try server.start()
        defer { server.stop() }
        let credentials = ["APICHECK_ACCOUNT": SandboxServer.demoAccount, "APICHECK_PASSWORD": SandboxServer.demoPassword]

        var medians: [Int: Double] = [:]
        var rows: [[String]] = []
        var requests = 0
        for concurrency in concurrencies {
            let transport = CurlTransport(configuration: CurlConfiguration(concurrency: concurrency))
            defer { transport.shutdown() }
            let counting = CountingTransport(transport)
            var samples: [Double] = []
            for _ in 0..<repetitions {
                counting.reset()
                let options = LiveOptions(baseURL: server.baseURL, concurrency: concurrency, environment: credentials)
                let clock = ContinuousClock()
                let start = clock.now
                let report = await LiveCheck(api: Demo.api, transport: counting, options: options).run()
                samples.append((clock.now - start).seconds)
                guard report.verdict == .holds else {
                    let problems = report.allFindings.prefix(3).map { "\($0.endpoint ?? "run"): \($0.message)" }.joined(separator: "; ")
                    throw BenchError("demo live check failed (\(report.verdict.rawValue)): \(problems)")
                }
                requests = counting.count
            }
            let spread = Spread(samples)
            medians[concurrency] = spread.median
            let rounds = spread.median / (Double(latencyMillis) / 1000)
            rows.append(["\(concurrency)", ms(spread.median), ms(spread.min) + " – " + ms(spread.max), "\(requests)", fixed(rounds, 1)])
        }
        var text = "live plan: the demo API with probes, every answer after \(latencyMillis) ms, \(repetitions) runs each (median)\n"
        text += table(["concurrency", "wall (median)", "min – max", "requests", "wall / latency"], rows)
        if let serial = medians[1], let parallel = concurrencies.filter({ $0 != 1 }).first.flatMap({ medians[$0] }) {
            text +=
                "\n=> live plan demo x \(latencyMillis) ms: \(fixed(parallel, 2)) s, \(ratio(serial / parallel)) faster than "
                + "concurrency 1 (\(fixed(serial, 2)) s) (budget: <= 2.2 s and >= 3.5x)"
        }
        return text
    }
}

/// Counts the requests a run sends.
private final class CountingTransport: Transport {
    private let base: any Transport
    private let sent = Mutex(0)

    init(_ base: any Transport) { self.base = base }

    var count: Int { sent.withLock { $0 } }
    func reset() { sent.withLock { $0 = 0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0 += 1 }
        return try await base.send(request)
    }
}
