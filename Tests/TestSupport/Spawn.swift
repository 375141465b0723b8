import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to its end with `posix_spawn`, for tests. Foundation's `Process.run()` lists
/// `/proc/self/fd` copying each entry's whole 256-byte name field, which can read past the end
/// of glibc's directory buffer and crash the test process when it holds a thousand descriptors
/// or so (a serve test's connections running at the same time): it did, once in a dozen full
/// runs.
public enum Spawn {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The program's exit status (128 + the signal when a signal ended it).
    /// - Parameters:
    ///   - stdout, stderr: descriptors the program writes to; nil for `/dev/null`.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: String? = nil, stdout: Int32? = nil, stderr: Int32? = nil
    ) throws -> Int32 {
        try wait(
            start(executable, arguments, environment: environment, directory: directory, stdout: stdout, stderr: stderr),
            for: executable)
    }

    /// Starts the program and returns its process id without waiting for it; `wait(_:for:)` reaps it.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: String? = nil, stdout: Int32? = nil, stderr: Int32? = nil
    ) throws -> pid_t {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { throw Failure(description: "cannot open /dev/null") }
        defer { close(null) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, null, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout ?? null, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr ?? null, 2)
        // Nothing else of the test process reaches the program: a socket a test holds would
        // otherwise stay open in it. Listed through FileManager, which reads names safely; a
        // descriptor closed meanwhile is ignored by the child's close.
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in listed.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // Glibc's spawn has no portable change of directory: env(1) makes it, then runs the program.
        let command = directory.map { ["/usr/bin/env", "--chdir=\($0)", executable] } ?? [executable]
        let argv: [UnsafeMutablePointer<CChar>?] = (command + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Waits for a started program; its exit status, or 128 + the signal that ended it.
    public static func wait(_ pid: pid_t, for executable: String = "the program") throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "cannot wait for \(executable): \(String(cString: strerror(errno)))") }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
