/// Who likes which topic. Counts start from the topic's own `likeNum` (0 for a tid no topic has)
/// and move only when the caller's own state changes, so they can never drop below 0.
struct LikeStore: Sendable {
    private var likers: [String: Set<Int64>] = [:]
    private var counts: [String: Int] = [:]

    func count(for tid: String) -> Int {
        counts[tid] ?? DemoData.topic(id: tid)?.likeNum ?? 0
    }

    mutating func like(_ tid: String, by uid: Int64) -> LikeState {
        if likers[tid, default: []].insert(uid).inserted {
            counts[tid] = count(for: tid) + 1
        }
        return LikeState(tid: tid, liked: true, likeCount: count(for: tid))
    }

    mutating func unlike(_ tid: String, by uid: Int64) -> LikeState {
        if likers[tid]?.remove(uid) != nil {
            counts[tid] = max(0, count(for: tid) - 1)
        }
        return LikeState(tid: tid, liked: false, likeCount: count(for: tid))
    }
}
