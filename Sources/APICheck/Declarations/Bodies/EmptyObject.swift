/// The decode type of an endpoint that answers `{}` (a chat server's "done", an acknowledged
/// delete). It reads no member, so members that appear later are drift warnings, not errors.
public struct EmptyObject: Decodable, Sendable, Equatable {
    public init() {}

    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: JSONCodingKey.self)
    }
}
