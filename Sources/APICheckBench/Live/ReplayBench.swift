import APICheck
import Contracts
import Foundation

/// The home timeline's mock file decoded as a whole by a bare `JSONDecoder`: the baseline.
private struct Wrapped: Decodable {
    let code: Int
    let msg: String
    let datas: Timeline
}

/// `statuses.homeTimeline` replayed through `APIClient` over `MockTransport`, against a bare
/// `JSONDecoder` decode of the same file, alternating round by round.
struct ReplayBench {
    var iterations = 20_000
    var rounds = 5
    var mocks: URL?

    init(_ options: Options) throws(BenchError) {
        iterations = try options.int("iterations", default: iterations)
        rounds = try options.int("rounds", default: rounds)
        mocks = options.string("mocks").map { URL(fileURLWithPath: $0) } ?? MockTransport.locateMocks(from: #filePath)
    }

    func run() async throws -> String {
        guard let mocks else { throw BenchError("no mocks/ folder found; pass --mocks DIR") }
        let data = try Data(contentsOf: mocks.appendingPathComponent(Demo.homeTimeline.mock + ".json"))
        let client = APIClient(
            api: Demo.api, transport: MockTransport(directory: mocks, api: Demo.api),
            session: Session(token: "bench-token-0123456789"))
        let perRound = max(1, iterations / rounds)
        let clock = ContinuousClock()
        var checksum = 0

        // Warm-up: caches the mock body and faults in both paths.
        for _ in 0..<200 {
            checksum &+= try JSONDecoder().decode(Wrapped.self, from: data).datas.statuses.count
            checksum &+= try await client.send(Demo.homeTimeline).statuses.count
        }
        var bare: [Double] = [], replay: [Double] = [], ratios: [Double] = []
        for _ in 0..<rounds {
            var start = clock.now
            for _ in 0..<perRound {
                checksum &+= try JSONDecoder().decode(Wrapped.self, from: data).datas.statuses.count
            }
            let bareCall = (clock.now - start).seconds / Double(perRound)
            start = clock.now
            for _ in 0..<perRound {
                checksum &+= try await client.send(Demo.homeTimeline).statuses.count
            }
            let replayCall = (clock.now - start).seconds / Double(perRound)
            bare.append(bareCall)
            replay.append(replayCall)
            ratios.append(replayCall / bareCall)
        }
        let bareSpread = Spread(bare), replaySpread = Spread(replay), ratioSpread = Spread(ratios)
        var text = "replay: \(Demo.homeTimeline.id) (\(data.count) bytes), \(rounds) rounds of \(perRound) calls each way (median)\n"
        text += table(
            ["per call", "median", "min – max"],
            [
                ["bare JSONDecoder decode (baseline)", us(bareSpread.median), us(bareSpread.min) + " – " + us(bareSpread.max)],
                ["APIClient + MockTransport replay", us(replaySpread.median), us(replaySpread.min) + " – " + us(replaySpread.max)],
                ["ratio replay/bare (round by round)", ratio(ratioSpread.median), ratio(ratioSpread.min) + " – " + ratio(ratioSpread.max)],
            ])
        text +=
            "\n=> replay: \(us(replaySpread.median)) per replayed call, \(us(bareSpread.median)) per bare decode: "
            + "\(ratio(ratioSpread.median)) (budget: <= 1.30x)"
        if checksum == 0 { text += "\nwarning: the decoded timelines were empty" }
        return text
    }
}
