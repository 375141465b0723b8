extension SandboxAPI {
    static let defaultPageSize = 20

    /// `topics`: 1-based pages; `likeNum` shows the likes given while the sandbox runs.
    func topics(_ parameters: RequestParameters) throws(SandboxFailure) -> [Topic] {
        let page = try parameters.queryInt("page") ?? 1
        guard page >= 1 else { throw .invalidParameter("page") }
        let size = try parameters.queryInt("size") ?? Self.defaultPageSize
        guard size >= 1 else { throw .invalidParameter("size") }
        let all = DemoData.topics
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: size)
        guard !overflow, start < all.count else { return [] }
        let slice = all[start..<min(all.count, start + size)]
        return state.withLock { state in
            slice.map { topic in
                var topic = topic
                topic.likeNum = state.likes.count(for: topic.id)
                return topic
            }
        }
    }

    func like(_ parameters: RequestParameters, caller: AccountStore.Account) throws(SandboxFailure) -> LikeState {
        let tid = try parameters.bodyString("tid", required: true)!
        return state.withLock { $0.likes.like(tid, by: caller.uid) }
    }

    func unlike(_ parameters: RequestParameters, caller: AccountStore.Account) throws(SandboxFailure) -> LikeState {
        let tid = try parameters.bodyString("tid", required: true)!
        return state.withLock { $0.likes.unlike(tid, by: caller.uid) }
    }
}
