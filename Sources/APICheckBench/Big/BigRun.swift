#if canImport(Glibc)
    import Glibc
#endif
import APICheck
import CurlClient
import Foundation
import HTTPServer

/// The envelope, for the bare `JSONDecoder` baseline.
private struct Wrapped<Payload: Decodable>: Decodable {
    let code: Int
    let msg: String
    let datas: Payload
}

/// One measured process of `BigBench`: generates the answer, resets the peak RSS, then runs one
/// mode and prints its figures.
struct BigRun {
    struct Figures {
        var seconds: Double
        /// Peak resident set, in MB.
        var peakMB: Double

        init(seconds: Double, peakMB: Double) {
            self.seconds = seconds
            self.peakMB = peakMB
        }

        /// Reads `seconds S peak-mb M` from a child's output.
        init?(_ text: String) {
            let words = text.split(whereSeparator: \.isWhitespace)
            guard let s = words.firstIndex(of: "seconds"), let p = words.firstIndex(of: "peak-mb"),
                s + 1 < words.count, p + 1 < words.count,
                let seconds = Double(words[s + 1]), let peak = Double(words[p + 1])
            else { return nil }
            self.init(seconds: seconds, peakMB: peak)
        }
    }

    var mode = "live"
    var endpoints = 1
    var layout = BigAnswer.Layout.feed
    var count: Int

    init(_ options: Options) throws(BenchError) {
        mode = options.string("mode") ?? mode
        endpoints = try options.int("endpoints", default: endpoints)
        if let name = options.string("layout") {
            guard let chosen = BigAnswer.Layout(rawValue: name) else { throw BenchError("--layout is feed or map, not '\(name)'") }
            layout = chosen
        }
        count = try options.int("count", default: layout.defaultCount)
    }

    func run() async throws -> String {
        let body = layout.body(count: count)
        Self.resetPeak()
        let clock = ContinuousClock()
        let start = clock.now
        switch mode {
        case "decoder":
            for _ in 0..<endpoints {
                let decoded =
                    layout == .feed
                    ? try JSONDecoder().decode(Wrapped<FeedPage>.self, from: body).datas.events.count
                    : try JSONDecoder().decode(Wrapped<[String: FeedPage.Actor]>.self, from: body).datas.count
                guard decoded == count else { throw BenchError("the baseline lost entries") }
            }
        case "live":
            if layout == .feed { try await live(body, FeedPage.self) } else { try await live(body, [String: FeedPage.Actor].self) }
        case "pipeline":
            if layout == .feed { try pipeline(body, FeedPage.self) } else { try pipeline(body, [String: FeedPage.Actor].self) }
        case "size":
            return "bytes \(body.count) keys \(BigAnswer.keyCount(body))"
        default:
            throw BenchError("unknown mode \(mode)")
        }
        let seconds = (clock.now - start).seconds
        return "seconds \(seconds) peak-mb \(Self.peakMB())"
    }

    /// `apicheck live` of `endpoints` endpoints that all answer `body`, against the small mock.
    private func live<Payload: Decodable & Sendable>(_ body: Data, _ type: Payload.Type) async throws {
        let mocks = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-big-\(getpid())")
        try FileManager.default.createDirectory(at: mocks, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mocks) }
        try Data(layout.mock.utf8).write(to: mocks.appendingPathComponent("big.json"))
        let server = HTTPServer(host: "127.0.0.1", port: 0) { _ in .json(body) }
        try server.start()
        defer { server.stop() }
        let list = (0..<endpoints).map { Endpoint<Payload>(id: "big.e\($0)", .get, "big/e\($0)", mock: "big") }
        let api = API(
            name: "big", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "big.login", tokenField: nil, placement: .bearer), endpoints: list)
        let transport = CurlTransport(configuration: CurlConfiguration(timeout: 120))
        defer { transport.shutdown() }
        let options = LiveOptions(baseURL: server.baseURL, mocksDirectory: mocks, probes: false)
        let report = await LiveCheck(api: api, transport: transport, options: options).run()
        let errors = report.allFindings.filter { $0.severity == .error }
        guard report.results.count == endpoints, errors.isEmpty else {
            let problems = errors.prefix(3).map { "\($0.endpoint ?? "run"): \($0.message)" }.joined(separator: "; ")
            throw BenchError("live check failed (\(report.verdict.rawValue)): \(problems)")
        }
    }

    /// The stages of one answer in process, each timed on stderr: where the time goes.
    private func pipeline<Payload: Decodable & Sendable>(_ body: Data, _ type: Payload.Type) throws {
        let clock = ContinuousClock()
        var mark = clock.now
        func lap(_ stage: String) {
            FileHandle.standardError.write(Data("\(stage): \(ms((clock.now - mark).seconds)), peak \(mb(Self.peakMB()))\n".utf8))
            mark = clock.now
        }
        let endpoint = Endpoint<Payload>(id: "big.e0", .get, "big/e0", mock: "big").erased
        let api = API(
            name: "big", envelope: EnvelopePolicy(),
            auth: AuthPolicy(loginEndpoint: "big.login", tokenField: nil, placement: .bearer), endpoints: [endpoint])
        lap("start (the body alone)")
        _ = try JSONParser.parse(body)
        lap("parse")
        let interpretation = Interpretation(
            endpoint: endpoint, status: 200, contentType: "application/json", body: body,
            source: nil, api: api, redactor: api.makeRedactor())
        lap("interpretation (parse + diagnostic decode)")
        guard let document = interpretation.document, interpretation.error == nil else { throw BenchError("no document") }
        let mock = Interpretation(
            endpoint: endpoint, status: 200, contentType: "application/json", body: Data(layout.mock.utf8),
            source: nil, api: api, redactor: api.makeRedactor())
        let reads = mock.reads + interpretation.reads
        let shape = Shape(of: document, skippingBelow: reads.filter(\.isMap).map(\.path))
        lap("shape")
        let changes = ShapeDiff.changes(expected: Shape(of: mock.document!), found: shape)
        let findings = Drift.findings(changes, reads: reads, endpoint: endpoint.id, decodeFailure: nil, mockFile: nil)
        lap("diff + drift (\(findings.count) findings)")
    }

    /// Linux keeps a high-water mark per process; writing 5 to clear_refs resets it, so that the
    /// figure is the check's and not the generator's.
    private static func resetPeak() {
        // The generator's garbage goes back to the system first, so that it is not counted.
        // glibc's malloc_trim is not in the Glibc module; it is looked up by name.
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    private static func peakMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ")[1])
        else { return 0 }
        return kilobytes / 1024
    }
}
