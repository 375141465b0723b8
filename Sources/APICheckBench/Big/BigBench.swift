import Foundation

/// One big answer (and then several) through `apicheck live`, each run in a process of its own so
/// that its peak RSS is its own, alternated with a baseline process that decodes the same bytes
/// with a bare `JSONDecoder` as many times.
struct BigBench {
    var layouts = BigAnswer.Layout.allCases
    var endpointCounts = [1, 4]
    var repetitions = 3

    init(_ options: Options) throws(BenchError) {
        if let names = options.string("layouts") {
            layouts = names.split(separator: ",").compactMap { BigAnswer.Layout(rawValue: String($0)) }
            guard !layouts.isEmpty else { throw BenchError("--layouts takes feed, map or feed,map") }
        }
        endpointCounts = try options.ints("endpoints", default: endpointCounts)
        repetitions = try options.int("reps", default: repetitions)
    }

    func run() throws -> String {
        var text = "big: each run a process of its own, \(repetitions) runs each (median), alternated with the baseline\n"
        var rows: [[String]] = [], summaries: [String] = []
        for layout in layouts {
            let body = layout.body(count: layout.defaultCount)
            let keys = BigAnswer.keyCount(body)
            let name = layout.description.replacingOccurrences(of: "N", with: "\(layout.defaultCount)")
            text +=
                "\(layout.rawValue): \(name), \(fixed(Double(body.count) / 1_000_000, 1)) MB, \(fixed(Double(keys) / 1_000_000, 2)) M keys\n"
            for count in endpointCounts {
                let arguments = ["--endpoints", "\(count)", "--layout", layout.rawValue]
                var live: [BigRun.Figures] = [], bare: [BigRun.Figures] = [], ratios: [Double] = []
                for _ in 0..<repetitions {
                    let a = try Self.child(["--mode", "live"] + arguments)
                    let b = try Self.child(["--mode", "decoder"] + arguments)
                    live.append(a)
                    bare.append(b)
                    ratios.append(a.seconds / b.seconds)
                }
                let liveTime = Spread(live.map(\.seconds)), bareTime = Spread(bare.map(\.seconds)), r = Spread(ratios)
                let liveRSS = Spread(live.map(\.peakMB)), bareRSS = Spread(bare.map(\.peakMB))
                let label = "\(layout.rawValue) x\(count)"
                rows.append([
                    "\(label): apicheck live (decode, shape, drift)",
                    ms(liveTime.median), ms(liveTime.min) + " – " + ms(liveTime.max), mb(liveRSS.median),
                ])
                rows.append([
                    "\(label): bare JSONDecoder x\(count) (baseline)",
                    ms(bareTime.median), ms(bareTime.min) + " – " + ms(bareTime.max), mb(bareRSS.median),
                ])
                rows.append([
                    "  ratio live/bare (run by run)", ratio(r.median), ratio(r.min) + " – " + ratio(r.max),
                    ratio(liveRSS.median / bareRSS.median),
                ])
                summaries.append(
                    "=> big \(label): live \(ms(liveTime.median)), peak \(mb(liveRSS.median)); "
                        + "\(ratio(r.median)) the time of a bare JSONDecoder (\(ms(bareTime.median)), peak \(mb(bareRSS.median)))"
                        + (count == 1 ? " (budget: <= 3 s and <= 400 MB)" : ""))
            }
        }
        text += table(["run", "wall (median)", "min – max", "peak RSS"], rows)
        text += "\npeak RSS: the process's high-water mark from the moment the generated body is ready"
        return text + "\n" + summaries.joined(separator: "\n")
    }

    /// Runs `apicheck-bench big-run ARGS` and reads the figures it prints.
    private static func child(_ arguments: [String]) throws -> BigRun.Figures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["big-run"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, let figures = BigRun.Figures(text) else {
            throw BenchError("big-run \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus)): \(text)")
        }
        return figures
    }
}

func mb(_ bytes: Double) -> String { fixed(bytes, 0) + " MB" }
