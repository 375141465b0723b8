import APICheck
import Foundation
import Synchronization

/// `proxy --record-new DIR`: the answers no mock covers, kept as candidate mocks: a success of an
/// endpoint whose mock is missing, or whose shape drifted from its mock. One per endpoint (the
/// first seen; later ones only counted), so memory is bounded by the declarations. On stop they
/// are written as `record` writes mocks: secrets replaced (the app's credentials seen with each
/// answer among them), proven to hold none, proven to decode, into a folder of their own.
final class NewShapes: Sendable {
    private struct Kept {
        var candidate: MockCandidate
        var credentials: [String]
    }

    private let kept = Mutex<[String: Kept]>([:])
    private let order = Mutex<[String]>([])

    /// `credentials` are the secrets the request carried: they become placeholders if the answer echoes them.
    func offer(_ endpoint: AnyEndpoint, status: Int, document: JSONValue, credentials: [String]) {
        let isNew = kept.withLock { kept -> Bool in
            if kept[endpoint.id] != nil {
                kept[endpoint.id]!.candidate.seen += 1
                return false
            }
            kept[endpoint.id] = Kept(
                candidate: MockCandidate(endpoint: endpoint, status: status, document: document), credentials: credentials)
            return true
        }
        if isNew { order.withLock { $0.append(endpoint.id) } }
    }

    var count: Int { kept.withLock { $0.count } }

    /// Writes the candidates into `directory` (made when missing); one result per file.
    func write(api: API, to directory: URL, maxFileBytes: Int) -> [MockWriteResult] {
        let ids = order.withLock { $0 }
        let all = kept.withLock { $0 }
        let placeholders = SecretPlaceholders(api: api)
        var candidates: [MockCandidate] = []
        for id in ids {
            guard let entry = all[id] else { continue }
            for credential in entry.credentials { _ = placeholders.register(credential, as: .token) }
            candidates.append(entry.candidate)
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let writer = MockWriter(api: api, directory: directory, maxFileBytes: maxFileBytes)
        return writer.write(candidates, placeholders: placeholders)
    }
}
