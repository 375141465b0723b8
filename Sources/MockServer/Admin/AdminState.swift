import Foundation

/// What the admin API reports that no other part of the server keeps: the journal of recent
/// requests (`requests`) and when the server started (`health`'s uptime).
struct AdminState: Sendable {
    let journal: RequestJournal
    let started: Date

    init(journalSize: Int, started: Date = Date()) {
        journal = RequestJournal(capacity: journalSize)
        self.started = started
    }

    /// Whole seconds since the server started.
    func uptime(now: Date = Date()) -> Int { Int(now.timeIntervalSince(started)) }
}
