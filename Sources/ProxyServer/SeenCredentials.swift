import Synchronization

/// The distinct credentials the traffic carried (tokens, cookies, credential headers), so that
/// whatever is kept of the run can be proven free of them. Bounded: past `limit` distinct values
/// only the earliest are kept.
final class SeenCredentials: Sendable {
    static let limit = 4096

    private let state = Mutex(Set<String>())

    func note(_ credentials: [String]) {
        guard !credentials.isEmpty else { return }
        state.withLock { values in
            for credential in credentials where values.count < Self.limit { values.insert(credential) }
        }
    }

    var values: [String] { state.withLock { Array($0) } }
}
