import Foundation

extension MockWriter {
    /// The file of headers for a candidate's declared headers (`MockHeaders`), their values
    /// redacted as the body's are, and the secret it would still hold: a header is refused with
    /// its mock, as a body is.
    static func headerFile(
        _ headers: [(name: String, value: String)], placeholders: SecretPlaceholders, proof: SecretProof, endpoint: String
    ) -> (data: Data, leak: Finding?) {
        let document = placeholders.redact(.object(headers.map { ($0.name, .string($0.value)) }))
        let leak = proof.leaks(in: document).first.map { leak in
            Finding(
                kind: .secretInMock, severity: .error, category: .harness, endpoint: endpoint,
                message: "a secret of the run is still in the answer's header at \(leak.path) (\(leak.form)); "
                    + "not written, not even with --force")
        }
        let redacted: [(name: String, value: String)] =
            if case let .object(members) = document { members.map { ($0.key, $0.value.stringValue ?? "") } } else { [] }
        return (Data(MockHeaders.text(redacted).utf8), leak)
    }

    /// Writes a mock's file of headers when its bytes changed; the finding when it cannot.
    func storeHeaders(_ data: Data, of name: MockFileName, endpoint: String) -> Finding? {
        let url = MockHeaders.path(of: name.description, in: directory)
        if FileManager.default.contents(atPath: url.path) == data { return nil }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            return nil
        } catch {
            return Finding(
                kind: .mockUnreadable, severity: .error, category: .harness, endpoint: endpoint,
                message: "cannot write \(url.path): \(error.localizedDescription)", file: url.path)
        }
    }
}
