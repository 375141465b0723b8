import Foundation

/// Runs a program to its end and hands back its exit status and output, for tests that drive
/// git, a shell or a built binary.
public enum Shell {
    public struct Failure: Error, CustomStringConvertible {
        public var command: String
        public var status: Int32
        public var err: String
        public var description: String { "\(command) exited \(status): \(err)" }
    }

    /// Throws when the program exits non-zero, unless `check` is false.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        check: Bool = true
    ) throws -> (status: Int32, out: String, err: String) {
        // Files, not pipes: a full stderr pipe while stdout is being read would block both sides.
        let folder = try TemporaryFolder("shell")
        defer { folder.remove() }
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        let status = try Spawn.run(
            executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
            stdout: outHandle.fileDescriptor, stderr: errHandle.fileDescriptor)
        try outHandle.close()
        try errHandle.close()
        let out = try String(contentsOf: outURL, encoding: .utf8), err = try String(contentsOf: errURL, encoding: .utf8)
        if check, status != 0 {
            throw Failure(command: ([executable] + arguments).joined(separator: " "), status: status, err: err)
        }
        return (status, out, err)
    }
}
