extension DemoData {
    /// The tab bar of the demo app. The compose tab has no visitor page, so `visitorInfo` is null
    /// there and an object everywhere else, as in the Weibo tutorials this API comes from.
    static let tabs: [TabConfig] = [
        TabConfig(
            clsName: "HomeViewController", title: "Home", imageName: "home",
            visitorInfo: VisitorInfo(
                imageName: "visitordiscover_feed_image_house",
                message: "Follow some people, then come back here to see what they post.")),
        TabConfig(
            clsName: "MessageViewController", title: "Messages", imageName: "message_center",
            visitorInfo: VisitorInfo(
                imageName: "visitordiscover_image_message",
                message: "Log in to see who commented on or mentioned you.")),
        TabConfig(clsName: "UIViewController", title: "", imageName: "compose", visitorInfo: nil),
        TabConfig(
            clsName: "DiscoverViewController", title: "Discover", imageName: "discover",
            visitorInfo: VisitorInfo(
                imageName: "visitordiscover_image_message",
                message: "Log in to find out what is trending right now.")),
        TabConfig(
            clsName: "ProfileViewController", title: "Me", imageName: "profile",
            visitorInfo: VisitorInfo(
                imageName: "visitordiscover_image_profile",
                message: "Log in to show your posts and photos to others.")),
    ]
}
