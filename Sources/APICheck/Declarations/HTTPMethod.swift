/// An HTTP method. An open set, like header names: the common ones are static members.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// GET without the body: the headers a GET would answer.
    public static let head = HTTPMethod(rawValue: "HEAD")

    public var description: String { rawValue }

    /// GET, HEAD and OPTIONS: a request that asks and changes nothing, the only kind
    /// `live --reads-only` checks.
    public var isSafe: Bool { self == .get || self == .head || rawValue == "OPTIONS" }
}
