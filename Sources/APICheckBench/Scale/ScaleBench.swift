import Foundation
import HTTPServer

/// `apicheck-bench scale`: the commands a user runs over a generated catalog of 200, 2,000 and
/// 20,000 endpoints (`apicheck-catalog`), each a process of its own alternated run by run with
/// the same command of a baseline build: wall time, CPU time and peak RSS per size, the
/// growth from one size to the next (linear is 10x a step), and the ratios to the baseline.
/// `live` and `record` run against a local provider answering at once; `serve` is timed from
/// spawn to its "serving" line, then killed.
struct ScaleBench {
    var binary: String
    var baseline: String?
    var sizes = [200, 2000, 20000]
    var runs = 3
    /// Runs at sizes of 10,000 and more, where one run takes seconds.
    var bigRuns = 1
    /// The baseline runs at this size and below only (a quadratic baseline at 20,000 takes minutes).
    var baselineMax = Int.max
    var commands = ScaleCommand.allCases

    init(_ options: Options) throws(BenchError) {
        guard let binary = options.string("binary") else { throw BenchError("scale needs --binary PATH (apicheck-catalog)") }
        self.binary = binary
        baseline = options.string("baseline").flatMap { $0 == "no" ? nil : $0 }
        sizes = try options.ints("sizes", default: sizes)
        runs = try options.int("runs", default: runs)
        bigRuns = try options.int("big-runs", default: bigRuns)
        baselineMax = try options.int("baseline-max", default: baselineMax)
        if let names = options.string("commands") {
            commands = try names.split(separator: ",").map { name throws(BenchError) in
                guard let command = ScaleCommand(rawValue: String(name)) else {
                    throw BenchError(
                        "--commands: no command '\(name)'; known: " + ScaleCommand.allCases.map(\.rawValue).joined(separator: ","))
                }
                return command
            }
        }
    }

    struct Cell {
        var new: MeasuredProcess.Figures
        var old: MeasuredProcess.Figures?
        /// The alternated runs as pairs (this build, the baseline), for ci/bench_gate.py's spread.
        var pairs: [(new: MeasuredProcess.Figures, old: MeasuredProcess.Figures)] = []
    }

    func run() async throws -> String {
        let body = Data(#"{"code":200,"msg":"success","datas":{"id":1,"name":"x"}}"#.utf8)
        let provider = HTTPServer(host: "127.0.0.1", port: 0) { _ in .json(body) }
        try provider.start()
        defer { provider.stop() }
        let target = provider.baseURL.appendingPathComponent("Api/").absoluteString
        var cells: [ScaleCommand: [Int: Cell]] = [:]
        for size in sizes {
            let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("bench-scale-\(getpid())-\(size)")
            try? FileManager.default.removeItem(at: workspace)
            let mocks = workspace.appendingPathComponent("mocks")
            try FileManager.default.createDirectory(at: mocks, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: workspace) }
            let width = String(max(size - 1, 0)).count
            for index in 0..<size {
                let digits = String(index)
                try Self.save(body, to: mocks.path + "/e" + String(repeating: "0", count: width - digits.count) + digits + ".json")
            }
            let context = ScaleCommand.Context(size: size, mocks: mocks.path, target: target, workspace: workspace.path)
            for command in commands {
                FileHandle.standardError.write(Data("bench scale: \(command.rawValue) over \(size) endpoints\n".utf8))
                var new: [MeasuredProcess.Figures] = [], old: [MeasuredProcess.Figures] = []
                for _ in 0..<(size >= 10_000 ? bigRuns : runs) {
                    new.append(try command.measure(binary, context))
                    if let baseline, size <= baselineMax { old.append(try command.measure(baseline, context)) }
                }
                cells[command, default: [:]][size] = Cell(
                    new: Self.median(new), old: old.isEmpty ? nil : Self.median(old), pairs: Array(zip(new, old)).map { ($0, $1) })
            }
        }
        return render(cells)
    }

    /// A plain write: `Data.write(to:)` syncs each file to disk, a wait per file, and a catalog has a file per endpoint.
    static func save(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchError("cannot write \(path)") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw BenchError("cannot write \(path)") }
    }

    /// Each figure's median on its own.
    static func median(_ samples: [MeasuredProcess.Figures]) -> MeasuredProcess.Figures {
        MeasuredProcess.Figures(
            wall: Spread(samples.map(\.wall)).median, cpu: Spread(samples.map(\.cpu)).median,
            peakMiB: Spread(samples.map(\.peakMiB)).median)
    }
}
