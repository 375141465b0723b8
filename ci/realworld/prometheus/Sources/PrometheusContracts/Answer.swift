/// Prometheus' envelope, `{"status": "success", "data": …}`, read by the decode type itself.
public struct Answer<Payload: Decodable & Sendable>: Decodable, Sendable {
    public var status: String
    public var data: Payload
}
