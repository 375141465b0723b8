extension SandboxAPI {
    static let defaultCount = 20
    static let maximumCount = 100

    /// `statuses/home_timeline`: id-based pages, newest first, exactly as docs/demo-api.md spells out.
    func homeTimeline(_ parameters: RequestParameters) throws(SandboxFailure) -> Timeline {
        let sinceID = try parameters.queryInt64("since_id") ?? 0
        let maxID = try parameters.queryInt64("max_id") ?? 0
        let count = try parameters.queryInt("count") ?? Self.defaultCount
        guard count >= 0 else { throw .invalidParameter("count") }
        var newest = DemoData.statuses.startIndex
        if maxID > 0 {
            newest = DemoData.statuses.firstIndex { $0.id <= maxID } ?? DemoData.statuses.endIndex
            if configuration.faults.contains(.pagingOverlap) { newest = max(DemoData.statuses.startIndex, newest - 2) }
        }
        let page = DemoData.statuses[newest...]
            .lazy
            .filter { sinceID <= 0 || $0.id > sinceID }
            .prefix(min(count, Self.maximumCount))
        let statuses = Array(page)
        return Timeline(
            statuses: statuses,
            sinceID: statuses.first?.id ?? 0,
            maxID: statuses.last.map { $0.id - 1 } ?? 0,
            totalNumber: DemoData.statuses.count)
    }

    /// `statuses/{id}`.
    func showStatus(_ segment: String) throws(SandboxFailure) -> Status {
        guard let id = Int64(segment) else { throw .invalidParameter("id") }
        guard let status = DemoData.status(id: id) else { throw .statusNotFound }
        return status
    }

    /// `users/show`: the ten authors, and accounts registered while the sandbox runs.
    func showUser(_ parameters: RequestParameters) throws(SandboxFailure) -> UserProfile {
        let uid = try parameters.queryInt64("uid", required: true)!
        if let author = DemoData.authors.first(where: { $0.id == uid }) { return author }
        guard let account = state.withLock({ $0.accounts.account(uid: uid) }) else { throw .invalidParameter("uid") }
        return DemoData.newcomerProfile(uid: account.uid, account: account.name)
    }
}
