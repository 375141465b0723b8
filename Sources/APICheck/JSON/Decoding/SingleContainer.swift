/// A single value of a `ValueDecoder`: scalars, and types that decode from one value.
struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let path: JSONPath
    let node: Int
    let log: ReadLog
    var codingPath: [CodingKey] { ValueDecoder.codingPath(of: path) }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Scalar.decode(type, from: value, at: DecodingLocation(parent: path, last: nil), node: node, log: log)
    }
}
