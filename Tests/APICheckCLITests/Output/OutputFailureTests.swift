import Foundation
import TestSupport
import Testing

/// The built binary with stdout or stderr that cannot be written: a full device, a closed
/// descriptor, a pipe whose reader is gone. Each ends in exit code 2 and a message on the stream
/// that still works, never in a trap or a signal.
@Suite struct OutputFailureTests {
    struct Outcome {
        /// The exit status, or 128 + the signal that ended the process.
        var code: Int32
        var out: String
        var err: String
        /// Whether the process exited (rather than a signal ending it).
        var exited: Bool { code < 128 }
    }

    enum Stream { case file, full, closed, brokenPipe }

    /// Runs the binary with stdout and stderr each sent to a file (read back), /dev/full, a closed
    /// descriptor (through `sh`, which can close one), or a pipe whose read end is closed. Through
    /// `Spawn`, not `Process` (see `Spawn`).
    func run(_ arguments: [String], stdout: Stream = .file, stderr: Stream = .file) throws -> Outcome {
        let binary = try #require(BinaryTests.binary, "build the executable first: swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-failure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var closing: [String] = []
        if stdout == .closed { closing.append(">&-") }
        if stderr == .closed { closing.append("2>&-") }
        var descriptors: [Int32] = []
        defer { for descriptor in descriptors { close(descriptor) } }
        func descriptor(_ stream: Stream, _ name: String) throws -> Int32? {
            let opened: Int32
            switch stream {
            case .file:
                opened = open(folder.appendingPathComponent(name).path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            case .full:
                opened = open("/dev/full", O_WRONLY | O_CLOEXEC)
            case .closed:
                return nil
            case .brokenPipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw Spawn.Failure(description: "cannot make a pipe") }
                close(ends[0])
                opened = ends[1]
            }
            guard opened >= 0 else { throw Spawn.Failure(description: "cannot open the \(name) stream") }
            descriptors.append(opened)
            return opened
        }
        let out = try descriptor(stdout, "out"), err = try descriptor(stderr, "err")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let code: Int32
        if closing.isEmpty {
            code = try Spawn.run(
                binary.path, arguments, environment: environment, directory: RepositoryPaths.root.path,
                stdout: out, stderr: err)
        } else {
            code = try Spawn.run(
                "/bin/sh", ["-c", "exec \"$0\" \"$@\" " + closing.joined(separator: " "), binary.path] + arguments,
                environment: environment, directory: RepositoryPaths.root.path, stdout: out, stderr: err)
        }
        func read(_ name: String) -> String {
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        return Outcome(code: code, out: read("out"), err: read("err"))
    }

    @Test func stdoutToAFullDevice() throws {
        let result = try run(["list"], stdout: .full)
        #expect(result.exited)
        #expect(result.code == 2)
        #expect(result.err == "apicheck list: cannot write to stdout: No space left on device\n")
    }

    @Test func stdoutClosed() throws {
        let result = try run(["list"], stdout: .closed)
        #expect(result.exited)
        #expect(result.code == 2)
        #expect(result.err == "apicheck list: cannot write to stdout: the stream is closed\n")
    }

    /// The run opens files and sockets after start: none of them may land on descriptor 1 and
    /// receive the report.
    @Test func liveWithStdoutClosed() throws {
        let result = try run(["live", "--only", "config.main,topics.list", "--no-probes"], stdout: .closed)
        #expect(result.exited)
        #expect(result.code == 2, "\(result.err)")
        #expect(result.err.contains("checking the bundled sandbox"))
        #expect(result.err.hasSuffix("apicheck live: cannot write to stdout: the stream is closed\n"), "\(result.err)")
    }

    /// A report file named /dev/stdout is written through the process's stdout: closed, it is lost
    /// and said so, not written into the /dev/null that holds the descriptor.
    @Test func aReportToDevStdoutWithStdoutClosed() throws {
        let result = try run(["mocks", "--report", "json:/dev/stdout"], stdout: .closed)
        #expect(result.exited)
        #expect(result.code == 2)
        #expect(result.err.contains("apicheck mocks: cannot write the json report to /dev/stdout: the stream is closed\n"), "\(result.err)")
    }

    @Test func stdoutToAPipeWhoseReaderIsGone() throws {
        let result = try run(["list"], stdout: .brokenPipe)
        #expect(result.exited, "killed by signal \(result.code - 128)")
        #expect(result.code == 2)
        #expect(result.err == "apicheck list: cannot write to stdout: Broken pipe\n")
    }

    @Test func stderrToAFullDevice() throws {
        let result = try run(["mocks", "--frobnicate"], stderr: .full)
        #expect(result.exited)
        #expect(result.code == 2)
        #expect(result.out == "apicheck mocks: cannot write to stderr: No space left on device\n")
    }

    @Test func stderrClosedWhileStdoutWorks() throws {
        let result = try run(["mocks", "--frobnicate"], stderr: .closed)
        #expect(result.exited)
        #expect(result.code == 2)
        #expect(result.out == "apicheck mocks: cannot write to stderr: the stream is closed\n")
    }

    @Test func bothStreamsFullStillExitsTwo() throws {
        let result = try run(["list", "--bogus"], stdout: .full, stderr: .full)
        #expect(result.exited)
        #expect(result.code == 2)
    }

    /// Nothing lost, nothing reported: a clean run's output is untouched.
    @Test func aCleanRunIsUnchanged() throws {
        let result = try run(["list"])
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out.hasPrefix("ID "))
    }
}
