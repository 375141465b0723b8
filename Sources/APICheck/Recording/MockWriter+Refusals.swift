import Foundation

extension MockWriter {
    /// Shown at most this many places a secret sits in one answer; the rest are counted.
    static let shownLeaks = 5

    /// The finding that keeps an answer holding a secret out of the mocks, whatever `--force`
    /// says: where each secret sits and in what form, and the `--redact` that would replace it.
    static func leakFinding(_ leaks: [SecretProof.Leak], endpoint: String) -> Finding? {
        guard let first = leaks.first else { return nil }
        func place(_ leak: SecretProof.Leak) -> String {
            leak.inKey ? "a key of \(leak.path) (\(leak.form))" : "\(leak.path) (\(leak.form))"
        }
        var message = "a secret of the run is still in the answer at " + place(first)
        if leaks.count > 1 {
            message += "; also at " + leaks.dropFirst().prefix(shownLeaks - 1).map(place).joined(separator: ", ")
            if leaks.count > shownLeaks { message += " and \(leaks.count - shownLeaks) more" }
        }
        let hint = first.inKey ? "" : " (give --redact \(first.path) to replace it)"
        message += "; not written, not even with --force\(hint)"
        return Finding(kind: .secretInMock, severity: .error, category: .harness, endpoint: endpoint, path: first.path, message: message)
    }

    /// The same for bytes written as they came, which no `--redact` can reach into.
    static func leakFinding(inBytes proof: SecretProof, _ bytes: Data, endpoint: String) -> Finding? {
        guard let form = proof.form(in: String(decoding: bytes, as: UTF8.self)) else { return nil }
        return Finding(
            kind: .secretInMock, severity: .error, category: .harness, endpoint: endpoint,
            message: "a secret of the run is in the answer's bytes (\(form)); not written, not even with --force")
    }

    /// Why an answer declared `recordingVerbatim()` was written pretty-printed all the same.
    static func rewrittenNote(_ endpoint: String) -> Finding {
        Finding(
            kind: .declaration, severity: .info, category: .harness, endpoint: endpoint,
            message: "written pretty-printed, not as the server sent it: a secret or the run's id in it was replaced")
    }

    /// The finding for a file larger than `mocks` and `serve` would read.
    func tooLarge(_ name: MockFileName, size: Int, endpoint: String) -> Finding {
        return Finding(
            kind: .mockTooLarge, severity: .error, category: .harness, endpoint: endpoint,
            message: "\(name) would be \(MockReadError.bytes(size)) (\(size) bytes), over the \(MockReadError.bytes(maxFileBytes)) cap "
                + "for mock files that mocks and serve read; not written, not even with --force (raise the cap with --max-mock)",
            file: directory.appendingPathComponent(name.description).path)
    }
}
