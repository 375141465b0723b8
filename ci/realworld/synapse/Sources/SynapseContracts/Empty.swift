/// `{}`: the answer of a logout.
public struct Empty: Decodable, Sendable {}
