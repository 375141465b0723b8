/// The placeholder a tab shows to a visitor who has not logged in.
public struct VisitorInfo: Codable, Sendable, Equatable {
    public var imageName: String
    public var message: String
}
