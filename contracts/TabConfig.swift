/// One tab of the app's main screen, from the raw (un-enveloped) `config/main.json`.
public struct TabConfig: Codable, Sendable, Equatable {
    public var clsName: String
    public var title: String
    public var imageName: String
    /// What a logged-out visitor sees on this tab; null for tabs without a visitor view.
    public var visitorInfo: VisitorInfo?
}
