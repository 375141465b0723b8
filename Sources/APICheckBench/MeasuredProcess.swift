#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// One child process, measured as the kernel counts it: wall time from spawn to reap, CPU time
/// (user + system, from `wait4`) and peak resident size.
struct MeasuredProcess {
    struct Figures {
        var wall: Double
        var cpu: Double
        /// Peak resident set, MiB.
        var peakMiB: Double
    }

    let pid: pid_t
    let arguments: [String]
    private let start: ContinuousClock.Instant

    /// Spawns `arguments` with `environment` added to this process's, stdin and stdout on
    /// /dev/null, stderr to `stderr` (a file path) or /dev/null.
    init(_ arguments: [String], environment: [String: String] = [:], stderr: String = "/dev/null") throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        start = ContinuousClock().now
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        self.pid = pid
        self.arguments = arguments
    }

    /// Waits for the exit; throws unless it exited 0 (or was killed by `expectedSignal`).
    func wait(expectedSignal: Int32? = nil) throws -> Figures {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let wall = (ContinuousClock().now - start).seconds
        let signal = status & 0x7f
        let exitedZero = signal == 0 && (status >> 8) & 0xff == 0
        guard exitedZero || signal == expectedSignal else {
            throw BenchError("\(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        // Linux counts ru_maxrss in kilobytes.
        return Figures(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakMiB: Double(usage.ru_maxrss) / 1024)
    }

    func stop(with signal: Int32 = SIGKILL) { _ = kill(pid, signal) }
}
