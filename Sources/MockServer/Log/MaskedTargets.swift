import APICheck
import Synchronization

/// Targets already masked, kept while the redactor knows the same secrets: a client asks for
/// the same few targets again and again, and masking one walks every decoding of it (serve's log
/// masks each request's target; with a token in the query that cost more than the answer).
///
/// An entry is kept only when no secret was registered while it was masked, and all are dropped
/// when one is registered later: a secret learned since would be shown by a target masked before.
final class MaskedTargets: Sendable {
    /// Targets past this length are masked every time: a flood of distinct long paths must not
    /// fill memory with keys (`TargetDisplay.shown` cuts a target near 1 KB).
    static let maxTargetBytes = 2048
    static let capacity = 1024

    private struct Entries {
        var secrets = 0
        var masked: [String: String] = [:]
    }

    private let entries = Mutex(Entries())

    var count: Int { entries.withLock { $0.masked.count } }

    /// `target` as `redactor` masks it, from memory when masked before with the same secrets.
    func masked(_ target: String, by redactor: Redactor) -> String {
        guard target.utf8.count <= Self.maxTargetBytes else { return redactor.redact(target) }
        let before = redactor.secretCount
        if let known = entries.withLock({ $0.secrets == before ? $0.masked[target] : nil }) { return known }
        let masked = redactor.redact(target)
        // Masking may register a token of a credential's shape; then this result is not kept
        // (the next time, the token is known from the start and the count stays put).
        guard redactor.secretCount == before else { return masked }
        entries.withLock { entries in
            if entries.secrets != before { entries = Entries(secrets: before) }
            // Outgrown (many distinct targets): start over rather than track which to drop.
            if entries.masked.count >= Self.capacity { entries.masked.removeAll(keepingCapacity: true) }
            entries.masked[target] = masked
        }
        return masked
    }
}
