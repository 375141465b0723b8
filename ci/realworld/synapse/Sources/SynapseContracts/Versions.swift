public struct Versions: Decodable, Sendable {
    public var versions: [String]
    /// Feature names are keys: data, not schema.
    public var unstable_features: [String: Bool]
}
