/// The logged-in account, as `Account/login` and `Account/register` answer it.
public struct User: Codable, Sendable, Equatable {
    public var uid: Int64
    public var userName: String
    public var mail: String?
    public var utoken: String
    public var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case uid, userName, mail, utoken
        case expiresIn = "expires_in"
    }
}
