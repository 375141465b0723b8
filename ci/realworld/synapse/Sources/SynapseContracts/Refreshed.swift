/// `POST /v3/refresh`: a new access token, and a new refresh token (the old one works no more).
public struct Refreshed: Decodable, Sendable {
    public var access_token: String
    public var refresh_token: String
    public var expires_in_ms: Int
}
