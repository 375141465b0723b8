import Foundation
import Testing

/// Compares output with a golden file (`RepositoryPaths.golden` unless told);
/// `APICHECK_RECORD_GOLDEN=1` rewrites the file instead. Every golden test goes through here.
public enum GoldenFile {
    public static func expect(
        _ output: String, _ name: String, in directory: URL = RepositoryPaths.golden,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["APICHECK_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: url, options: .atomic)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name); run with APICHECK_RECORD_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        guard output != expected else { return }
        let got = output.components(separatedBy: "\n"), want = expected.components(separatedBy: "\n")
        let line = Array(zip(got, want)).firstIndex { $0 != $1 } ?? min(got.count, want.count)
        Issue.record(
            Comment(
                rawValue: "\(name) differs at line \(line + 1):\n  got:  "
                    + (line < got.count ? got[line] : "<end>").debugDescription + "\n  want: "
                    + (line < want.count ? want[line] : "<end>").debugDescription + "\n(APICHECK_RECORD_GOLDEN=1 re-records)"),
            sourceLocation: sourceLocation)
    }
}
