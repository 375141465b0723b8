import Foundation

// apicheck-bench: the performance budgets of the design, each measured beside a baseline
// and printed as ratios. It never judges: ci/bench prints the figures.
let usage = """
    usage: apicheck-bench live    [--endpoints 200] [--latency 20] [--concurrency 8,1] [--reps 3]
           apicheck-bench plan    [--latency 200] [--concurrency 8,1] [--reps 2]
           apicheck-bench replay  [--iterations 20000] [--rounds 5] [--mocks DIR]
           apicheck-bench check   [--iterations 20000] [--rounds 5] [--variants 64] [--mocks DIR]
           apicheck-bench startup --binary PATH [--args list] [--baseline /bin/true] [--runs 20] [--gate NAME]
           apicheck-bench big     [--layouts feed,map] [--endpoints 1,4] [--reps 3]
           apicheck-bench big-run --mode live|decoder|pipeline|size [--layout feed] [--endpoints 1] [--count N]
           apicheck-bench serve   --body FILE [--endpoints 500] [--port 8090]   (serves until killed)
           apicheck-bench serve-lookup --body FILE [--iterations 100000] [--rounds 5]
           apicheck-bench multipart [--kilobytes 64,4096] [--rounds 5]
           apicheck-bench big-serve  [--kind timeline|map] [--count N] [--body-out FILE] [--next-page same|empty]   (serves until killed)
           apicheck-bench big-decode --file FILE [--kind timeline|map] [--times 1]
           apicheck-bench har     [--megabytes 100] [--reps 1] [--undeclared N]
           apicheck-bench scale   --binary PATH [--baseline PATH|no] [--sizes 200,2000,20000] [--runs 3] [--big-runs 1]
                                  [--baseline-max N]
                                  [--commands live,mocks,list,openapi,serve,record]
           apicheck-bench history [--findings 1000000] [--endpoints 40] [--reps 5] [--store PATH | --history URL]
           apicheck-bench history-write --history URL [--runs 50] [--writer K] [--start EPOCH]
    """

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    guard let command = arguments.first else { throw BenchError(usage) }
    let options = try Options(Array(arguments.dropFirst()))
    let text: String
    switch command {
    case "live": text = try await LiveBench(options).run()
    case "plan": text = try await DemoPlanBench(options).run()
    case "replay": text = try await ReplayBench(options).run()
    case "check": text = try CheckBench(options).run()
    case "startup": text = try StartupBench(options).run()
    case "big": text = try BigBench(options).run()
    // One measured process of `big`.
    case "big-run": text = try await BigRun(options).run()
    case "serve": text = try await ServeCatalogBench(options).run()
    case "serve-lookup": text = try ServeLookupBench(options).run()
    case "multipart": text = try MultipartBench(options).run()
    case "big-serve": text = try await BigServe(options).run()
    case "big-decode": text = try BigDecode(options).run()
    case "har": text = try await HARBench(options).run()
    case "scale": text = try await ScaleBench(options).run()
    case "history": text = try HistoryBench(options).run()
    // One of the concurrent writers of ci/history-writers-check.
    case "history-write": text = try HistoryWrite(options).run()
    default: throw BenchError(usage)
    }
    print(text)
} catch {
    FileHandle.standardError.write(Data("apicheck-bench: \(error)\n".utf8))
    exit(2)
}
