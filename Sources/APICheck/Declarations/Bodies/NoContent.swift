/// The decode type of an endpoint that answers nothing: an empty body (a 204), or a null payload
/// (`"datas": null`, a bare `null`). An empty 2xx body is then the answer, not an `empty-body` fault.
public struct NoContent: Decodable, Sendable, Equatable {
    public init() {}

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard container.decodeNil() else {
            throw DecodingError.typeMismatch(
                NoContent.self,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected null"))
        }
    }
}
