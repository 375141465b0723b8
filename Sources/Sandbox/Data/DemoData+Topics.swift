extension DemoData {
    private static let topicAuthors = ["Lin", "Chen", "Wang", "Zhang", "Liu", "Yang", "Zhao", "Huang"]

    private static let titles = [
        "How do you structure networking code in Swift 6?",
        "Best way to mock an API that wraps everything in an envelope?",
        "推荐几本适合入门的 iOS 开发书",
        "Share your favourite Xcode shortcuts",
        "Is Combine still worth learning?",
        "Token refresh strategies for mobile apps",
        "周末一起去爬山吗？",
        "Show your desk setup",
        "Understanding since_id / max_id pagination",
        "What broke when you moved to strict concurrency?",
    ]

    private static let contents = [
        "Curious what everyone does here. We keep going back and forth.",
        "Long story short: it worked on staging, not in production. Ideas welcome.",
        "大家有什么推荐吗？谢谢！",
        "Posting this after a week of trial and error, hope it helps someone.",
        "Would love to hear real experiences, not blog-post answers.",
    ]

    /// All 50 topics, newest first.
    static let topics: [Topic] = (0..<topicCount).map { i in
        let author = SplitMix64.pick(i, salt: Salt.topic, in: 0...topicAuthors.count - 1)
        let millis = SplitMix64.pick(i, salt: Salt.topic ^ 1, in: 1...999)
        return Topic(
            id: SplitMix64.uuid(i, salt: Salt.topic ^ 2),
            userID: SplitMix64.uuid(author, salt: Salt.topic ^ 3),
            categoryId: 1 + i % 5,
            likeNum: SplitMix64.pick(i, salt: Salt.topic ^ 4, in: 0...240),
            isGood: i % 7 == 0 ? 1 : 0,
            viewNum: SplitMix64.pick(i, salt: Salt.topic ^ 5, in: 20...20_000),
            collectNum: SplitMix64.pick(i, salt: Salt.topic ^ 6, in: 0...90),
            replyNum: SplitMix64.pick(i, salt: Salt.topic ^ 7, in: 0...160),
            createTime: Double(1_700_000_000 - i * 5_400) + Double(millis) / 1_000,
            author: topicAuthors[author],
            title: titles[i % titles.count],
            content: contents[SplitMix64.pick(i, salt: Salt.topic ^ 8, in: 0...contents.count - 1)])
    }

    static func topic(id: String) -> Topic? {
        topics.first { $0.id == id }
    }
}
