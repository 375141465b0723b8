/// An instant query's answer: a vector of samples, each a `[time, "value"]` pair.
public struct QueryResult: Decodable, Sendable {
    public struct Series: Decodable, Sendable {
        public var metric: [String: String]
        public var value: Sample
    }

    public var resultType: String
    public var result: [Series]
}

/// A `[1796123428.733, "1"]` pair: the time in Unix seconds, the value as a string.
public struct Sample: Decodable, Sendable {
    public var time: Double
    public var value: String

    public init(from decoder: any Decoder) throws {
        var pair = try decoder.unkeyedContainer()
        time = try pair.decode(Double.self)
        value = try pair.decode(String.self)
    }
}
