#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// A command's whole-process wall time (spawn to reap), alternated run by run with a baseline
/// command so that the ratio holds when the machine's speed drifts.
struct StartupBench {
    var command: [String] = []
    var baseline = ["/bin/true"]
    var runs = 20
    /// When the baseline is the same command of a release: the name of ci/bench_gate.py's lines.
    var gate: String?

    init(_ options: Options) throws(BenchError) {
        guard let binary = options.string("binary") else { throw BenchError("startup needs --binary PATH (the apicheck executable)") }
        command = [binary] + (options.string("args") ?? "list").split(separator: " ").map(String.init)
        if let other = options.string("baseline") { baseline = other.split(separator: " ").map(String.init) }
        runs = try options.int("runs", default: runs)
        gate = options.string("gate")
    }

    func run() throws -> String {
        for _ in 0..<2 { _ = try Self.time(command); _ = try Self.time(baseline) }
        var measured: [Double] = [], base: [Double] = [], ratios: [Double] = []
        var pairs: [(new: Times, old: Times)] = []
        for _ in 0..<runs {
            let a = try Self.time(command), b = try Self.time(baseline)
            measured.append(a.wall)
            base.append(b.wall)
            ratios.append(a.wall / b.wall)
            pairs.append((a, b))
        }
        let a = Spread(measured), b = Spread(base), r = Spread(ratios)
        let shown = ([URL(fileURLWithPath: command[0]).lastPathComponent] + command.dropFirst()).joined(separator: " ")
        var text = "startup: \(runs) runs each, alternated (whole process, spawn to exit)\n"
        text += table(
            ["command", "wall (median)", "min – max"],
            [
                [shown, ms(a.median), ms(a.min) + " – " + ms(a.max)],
                [baseline.joined(separator: " ") + " (baseline)", ms(b.median), ms(b.min) + " – " + ms(b.max)],
                ["ratio (run by run)", ratio(r.median), ratio(r.min) + " – " + ratio(r.max)],
            ])
        text +=
            "\n=> startup: \(shown) \(ms(a.median)), \(ratio(r.median)) of "
            + "\(baseline.joined(separator: " ")) at \(ms(b.median)) (budget: well under 100 ms)"
        if let gate {
            for (metric, figure) in [("cpu", \Times.cpu), ("wall", \Times.wall)] {
                let runs = pairs.map { fixed($0.new[keyPath: figure] * 1000, 3) + "/" + fixed($0.old[keyPath: figure] * 1000, 3) }
                text += "\ngate: \(gate) - \(metric) " + runs.joined(separator: ",")
            }
        }
        return text
    }

    /// Seconds of one run: spawn to reap, and CPU (user + system) as the kernel counts it.
    struct Times {
        var wall: Double
        var cpu: Double
    }

    /// Spawns `arguments`, output to /dev/null, and returns its times until it is reaped.
    /// Throws when it cannot start or does not exit 0.
    private static func time(_ arguments: [String]) throws -> Times {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let elapsed = (clock.now - start).seconds
        // Exited normally with status 0: WIFEXITED and WEXITSTATUS spelled out.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchError("\(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Times(wall: elapsed, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
