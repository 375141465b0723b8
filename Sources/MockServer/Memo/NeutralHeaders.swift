/// Header names that carry nothing serve reads: how the client talks, not what it asks. What
/// the memos of answers (`AnswerMemo`, `ReadAnswerMemo`) let a request carry and still be
/// answered from memory.
struct NeutralHeaders: Sendable {
    static let plumbing: Set<String> = [
        "host", "user-agent", "accept", "accept-encoding", "accept-language", "connection", "keep-alive",
        "cache-control", "pragma", "te", "dnt", "referer", "priority", "upgrade-insecure-requests",
        "sec-fetch-dest", "sec-fetch-mode", "sec-fetch-site", "sec-fetch-user",
        "sec-ch-ua", "sec-ch-ua-mobile", "sec-ch-ua-platform",
    ]

    /// The plumbing names serve never reads, in lower case.
    let lowered: Set<String>
    private let names: Set<String>

    /// - Parameter readHeaders: header names (any case) the API declares: parameters,
    ///   distinctions, the token's place. They are never neutral.
    init(readHeaders: Set<String>) {
        let lowered = Self.plumbing.subtracting(readHeaders.map { $0.lowercased() })
        self.lowered = lowered
        // Clients mostly send the canonical case (`Host`, `User-Agent`): found without lowering.
        names = lowered.union(
            lowered.map { name in
                name.split(separator: "-", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(
                    separator: "-")
            })
    }

    /// Compared in lower case without making a lowered copy of each name.
    func contains(_ name: String) -> Bool {
        if names.contains(name) { return true }
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return false }
        return names.contains(name.lowercased())
    }
}
