/// The data every server of docs/demo-api.md holds, fixed by the page: the demo account, ten status
/// authors, 200 statuses, 50 topics and the tab configuration. Everything else about it (texts,
/// names, counts) is free, and here it is a pure function of each item's index, never random.
enum DemoData {
    static let demoAccount = "demo"
    static let demoPassword = "demo-password"
    static let demoUID: Int64 = 1_000_000_001
    static let demoMail = "demo@example.com"

    static let authorIDs: ClosedRange<Int64> = 1_000_000_001...1_000_000_010
    static let statusIDs: ClosedRange<Int64> = 4_130_540_976_425_001...4_130_540_976_425_200
    static let topicCount = 50

    /// Salts keep the pseudo-random streams of the data sets apart.
    enum Salt {
        static let status: UInt64 = 0x5354_4154_5553
        static let author: UInt64 = 0x4155_5448_4F52
        static let topic: UInt64 = 0x544F_5049_43
        static let picture: UInt64 = 0x5049_4354
        static let avatar: UInt64 = 0x4156_4154
    }
}
