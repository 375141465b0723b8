/// The decode type of an endpoint whose payload is null (`"datas": null`).
public struct NoContent: Decodable, Sendable, Equatable {
    public init() {}

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard container.decodeNil() else {
            throw DecodingError.typeMismatch(NoContent.self, .init(codingPath: decoder.codingPath,
                                                                  debugDescription: "expected null"))
        }
    }
}
