import APICheck

/// A query's answer. Its `resultType` says what `result` holds, and the expression decides which
/// one comes back: `up` is a vector, `time()` a scalar (Prometheus's own UI asks for it to measure
/// the clock drift), `up[5m]` a matrix, a quoted literal a string.
public struct QueryResult: Decodable, Sendable {
    public enum Result: Sendable {
        /// Samples at one time, one per series.
        case vector([Series])
        /// Samples over a range, several per series.
        case matrix([RangeSeries])
        case scalar(Sample)
        /// A `[time, "text"]` pair, read as a sample is.
        case string(Sample)
    }

    public struct Series: Decodable, Sendable {
        public var metric: [String: String]
        public var value: Sample
    }

    public struct RangeSeries: Decodable, Sendable {
        public var metric: [String: String]
        public var values: [Sample]
    }

    public var resultType: String
    public var result: Result

    private enum CodingKeys: String, CodingKey {
        case resultType, result
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resultType = try container.decode(String.self, forKey: .resultType)
        switch resultType {
        case "vector": result = .vector(try container.decode([Series].self, forKey: .result))
        case "matrix": result = .matrix(try container.decode([RangeSeries].self, forKey: .result))
        case "scalar": result = .scalar(try container.decode(Sample.self, forKey: .result))
        case "string": result = .string(try container.decode(Sample.self, forKey: .result))
        default:
            throw DecodingError.dataCorruptedError(forKey: .resultType, in: container,
                                                   debugDescription: "not a result type Prometheus answers: \(resultType)")
        }
    }
}

/// Every result type Prometheus answers, so that `apicheck openapi` writes a branch for each, not
/// only for those the mocks hold.
extension QueryResult: OpenAPIDiscriminatorProviding {
    public static var openAPIDiscriminator: String { "resultType" }
    public static var openAPIDiscriminatorValues: [String] { ["vector", "matrix", "scalar", "string"] }
}

/// A range query's answer: always a matrix, one series of samples per step.
public struct RangeQueryResult: Decodable, Sendable {
    public var resultType: String
    public var result: [QueryResult.RangeSeries]
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
