extension DemoData {
    private static let texts = [
        "Finally shipped the new release. Thanks to everyone who sent crash logs!",
        "今天天气不错，去西湖走了一圈。",
        "Swift tip: prefer `let` until the compiler tells you otherwise.",
        "Coffee number three. The build is still running.",
        "Anyone else seeing the simulator eat 8 GB of RAM today?",
        "周末读完了《三体》第二部，黑暗森林太震撼了。",
        "New camera, same old street. Sunset shots below.",
        "Refactored 2000 lines into 400. Tests still green.",
        "The best API is the one you never have to read the docs for.",
        "地铁上看到有人在用 Xcode 写代码，同道中人啊 😄",
        "Landed in Chengdu. Hotpot first, everything else later.",
        "Reminder: back up your keychain before you wipe the Mac.",
        "Pagination with since_id and max_id is simpler than it looks.",
        "刚刚收到了第一个五星好评，开心！",
        "Spent the morning chasing a bug that was a missing comma in JSON.",
        "Rainy Sunday. Good day for reading and tea.",
        "If the envelope says 200 and the HTTP status says 403, believe the 403.",
        "分享一张今天拍的晚霞。",
        "Our team is hiring iOS engineers. DM me!",
        "Week 12 of learning Chinese: 我会说一点点中文了。",
    ]

    private static let sources = [
        "<a href=\"http://weibo.com\" rel=\"nofollow\">Weibo for iPhone</a>",
        "<a href=\"http://weibo.com\" rel=\"nofollow\">Weibo for Android</a>",
        "<a href=\"http://weibo.com\" rel=\"nofollow\">微博 weibo.com</a>",
        "<a href=\"http://weibo.com\" rel=\"nofollow\">iPad客户端</a>",
    ]

    /// Roughly the time of the newest status, so that the dates look like Weibo's own samples.
    private static let newestTime: Int64 = 1_306_835_215

    /// All 200 statuses, newest (highest id) first.
    static let statuses: [Status] = (0..<statusIDs.count).reversed().map(makeStatus)

    static func status(id: Int64) -> Status? {
        guard statusIDs.contains(id) else { return nil }
        return statuses[Int(statusIDs.upperBound - id)]
    }

    /// Status number `i`, counted from the oldest (0) to the newest (199).
    private static func makeStatus(_ i: Int) -> Status {
        let newer = Int64(statusIDs.count - 1 - i)
        let time = newestTime - newer * 1_800 - Int64(SplitMix64.pick(i, salt: Salt.status, in: 0...1_500))
        let pictureCount = SplitMix64.pick(i, salt: Salt.picture, in: 0...9)
        let pictures = pictureCount < 6 ? 0 : 1 + pictureCount % 3
        return Status(
            id: statusIDs.lowerBound + Int64(i),
            text: texts[SplitMix64.pick(i, salt: Salt.status ^ 1, in: 0...texts.count - 1)],
            createdAt: WeiboDate.string(fromUnixSeconds: time),
            source: sources[SplitMix64.pick(i, salt: Salt.status ^ 2, in: 0...sources.count - 1)],
            repostsCount: SplitMix64.pick(i, salt: Salt.status ^ 3, in: 0...300),
            commentsCount: SplitMix64.pick(i, salt: Salt.status ^ 4, in: 0...500),
            attitudesCount: SplitMix64.pick(i, salt: Salt.status ^ 5, in: 0...3_000),
            user: statusUser(authorIndex: SplitMix64.pick(i, salt: Salt.status ^ 6, in: 0...9)),
            picURLs: (0..<pictures).map { p in
                PicURL(
                    thumbnailPic: "http://wx\(1 + p).sinaimg.cn/thumbnail/"
                        + SplitMix64.hex(i * 4 + p, salt: Salt.picture, count: 20) + "jw.jpg")
            })
    }
}
