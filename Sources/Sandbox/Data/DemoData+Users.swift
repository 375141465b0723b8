extension DemoData {
    private static let screenNames = [
        "demo", "swift_daily", "ios_dev_notes", "coffee_coder", "weibo_tech",
        "lin_xiaoyu", "chen_photo", "travel_wang", "zhang_reads", "night_owl_dev",
    ]

    private static let descriptions = [
        "The demo account of the sandbox.",
        "One Swift tip a day.",
        "Notes from shipping iOS apps since 2010.",
        "Coffee in, code out.",
        "Engineering at a microblog near you.",
        "设计师 / 猫奴 / 偶尔写代码",
        "Street photography, mostly Shanghai.",
        "Forty countries and counting.",
        "读书笔记，每周更新。",
        "Debugging is my cardio.",
    ]

    static func avatarURL(_ index: Int) -> String {
        "https://tvax\(1 + index % 4).sinaimg.cn/crop.0.0.180.180.180/\(SplitMix64.hex(index, salt: Salt.avatar, count: 24)).jpg"
    }

    /// The profiles of the ten status authors, the demo account first.
    static let authors: [UserProfile] = (0..<10).map { i in
        UserProfile(
            id: authorIDs.lowerBound + Int64(i),
            screenName: screenNames[i],
            description: descriptions[i],
            followersCount: SplitMix64.pick(i, salt: Salt.author, in: 12...98_000),
            friendsCount: SplitMix64.pick(i, salt: Salt.author ^ 1, in: 3...1_900),
            statusesCount: SplitMix64.pick(i, salt: Salt.author ^ 2, in: 20...12_000),
            verified: i % 3 == 1,
            avatarLarge: avatarURL(i))
    }

    /// How an author appears inside a status.
    static func statusUser(authorIndex i: Int) -> StatusUser {
        let profile = authors[i]
        return StatusUser(
            id: profile.id,
            screenName: profile.screenName,
            avatarLarge: profile.avatarLarge,
            verifiedType: profile.verified ? [0, 1, 2][i % 3] : -1,
            mbrank: SplitMix64.pick(i, salt: Salt.author ^ 3, in: 0...7))
    }

    /// The profile shown for an account registered at run time: it has written nothing yet.
    static func newcomerProfile(uid: Int64, account: String) -> UserProfile {
        UserProfile(
            id: uid, screenName: account, description: "", followersCount: 0, friendsCount: 0,
            statusesCount: 0, verified: false, avatarLarge: avatarURL(Int(uid % 1_000)))
    }
}
