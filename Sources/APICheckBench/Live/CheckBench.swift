import APICheck
import Contracts
import Foundation
import HTTPServer
import ProxyServer

/// The proxy's checks of one answer (`ExchangeCheck.answer`: parse, envelope, decode into the
/// type, drift against the mock) on `topics.list`, beside parsing the same bytes alone. Answers
/// differ from each other and from the mock as ci/bench-proxy's varied upstream's do (a topic's
/// title carries a number), so no shortcut for an answer equal to its mock applies. Beside them,
/// Foundation's `JSONDecoder` decoding the same bytes into the same type and checking nothing:
/// the least any check that decodes into the app's type costs here, against which the proxy's
/// throughput budget for answers that never repeat can be judged. And an exchange seen before: the
/// proxy's memo key made from the request and answer and looked up (`CheckMemo`), what an
/// answer that repeats costs the checks instead.
struct CheckBench {
    var iterations = 20_000
    var rounds = 5
    var variants = 64
    var mocks: URL?

    init(_ options: Options) throws(BenchError) {
        iterations = try options.int("iterations", default: iterations)
        rounds = try options.int("rounds", default: rounds)
        variants = try options.int("variants", default: variants)
        mocks = options.string("mocks").map { URL(fileURLWithPath: $0) } ?? MockTransport.locateMocks(from: #filePath)
    }

    func run() throws -> String {
        guard let mocks else { throw BenchError("no mocks/ folder found; pass --mocks DIR") }
        let endpoint = Demo.topics.erased
        let file = mocks.appendingPathComponent(Demo.topics.mock + ".json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let title = "How do you structure networking code in Swift 6?"
        guard text.contains(title) else { throw BenchError("\(file.path) no longer holds the title '\(title)'") }
        let bodies = (0..<variants).map { Data(text.replacingOccurrences(of: title, with: "\(title) #\($0)").utf8) }
        let check = ExchangeCheck(
            api: Demo.api, mocks: MockDirectory(mocks, api: Demo.api), redactor: Demo.api.makeRedactor(), cap: 64 << 20)
        func answer(_ body: Data) -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
        }
        let answers = bodies.map(answer)
        let clock = ContinuousClock()
        var checksum = 0, findings = 0

        // Warm-up: reads the mock's baseline and faults in both paths.
        for index in 0..<max(200, variants) {
            let verdict = check.answer(answers[index % variants], to: endpoint, method: "GET")
            findings += verdict.findings.count
            checksum &+= verdict.outcome.count
        }
        if findings > 0 {
            let sample = check.answer(answers[0], to: endpoint, method: "GET").findings.map(\.message)
            throw BenchError("the varied answers should have no findings, got: \(sample)")
        }
        let perRound = max(1, iterations / rounds)
        struct Wrapped: Decodable { let code: Int; let msg: String; let datas: [Topic] }
        let memo = CheckMemo(entryLimit: 1024, byteLimit: 64 << 20)
        let request = ServerRequest(
            method: "GET", path: "/Api/topics", rawPath: "/Api/topics", query: [],
            headers: [("Host", "127.0.0.1:8080"), ("Accept", "application/json"), ("User-Agent", "App/1.0")])
        // Kept once seen twice.
        for _ in 0..<2 {
            _ = memo.verdict(for: CheckMemo.Key(endpoint: endpoint, request: request, response: answers[0])) {
                CheckMemo.Verdict(requestFindings: [], answer: check.answer(answers[0], to: endpoint, method: "GET"))
            }
        }
        var parses: [Double] = [], checks: [Double] = [], foundation: [Double] = [], hits: [Double] = []
        for _ in 0..<rounds {
            var start = clock.now
            for index in 0..<perRound {
                if case let .object(members) = try JSONParser.parse(bodies[index % variants]) { checksum &+= members.count }
            }
            parses.append((clock.now - start).seconds / Double(perRound))
            start = clock.now
            let decoder = JSONDecoder()
            for index in 0..<perRound { checksum &+= try decoder.decode(Wrapped.self, from: bodies[index % variants]).datas.count }
            foundation.append((clock.now - start).seconds / Double(perRound))
            start = clock.now
            for index in 0..<perRound {
                let verdict = check.answer(answers[index % variants], to: endpoint, method: "GET")
                findings += verdict.findings.count
                checksum &+= verdict.outcome.count
            }
            checks.append((clock.now - start).seconds / Double(perRound))
            start = clock.now
            for _ in 0..<perRound {
                let verdict = memo.verdict(for: CheckMemo.Key(endpoint: endpoint, request: request, response: answers[0])) {
                    CheckMemo.Verdict(requestFindings: [], answer: check.answer(answers[0], to: endpoint, method: "GET"))
                }
                checksum &+= verdict.answer.outcome.count
            }
            hits.append((clock.now - start).seconds / Double(perRound))
        }
        if memo.hits < perRound * rounds { throw BenchError("the memo missed an exchange it had kept") }
        let parse = Spread(parses), whole = Spread(checks), decoded = Spread(foundation), hit = Spread(hits)
        var out = "check: \(endpoint.id) (\(bodies[0].count) bytes), \(variants) varied answers, "
        out += "\(rounds) rounds of \(perRound) answers each way (median)\n"
        out += table(
            ["per answer", "median", "min – max"],
            [
                ["JSONParser.parse alone (baseline)", us(parse.median), us(parse.min) + " – " + us(parse.max)],
                ["JSONDecoder into the type alone (no checks)", us(decoded.median), us(decoded.min) + " – " + us(decoded.max)],
                ["ExchangeCheck.answer (parse, decode, drift)", us(whole.median), us(whole.min) + " – " + us(whole.max)],
                ["an exchange seen before (CheckMemo key, hit)", us(hit.median), us(hit.min) + " – " + us(hit.max)],
            ])
        out += "\n=> check: \(us(whole.median)) per answer checked, \(us(parse.median)) to parse it: \(ratio(whole.median / parse.median))"
        out += "; JSONDecoder alone: \(us(decoded.median)) (\(ratio(whole.median / decoded.median)))"
        if findings > 0 { out += "\nwarning: \(findings) findings on answers that should have none" }
        if checksum == 0 { out += "\nwarning: nothing was checked" }
        return out
    }
}
