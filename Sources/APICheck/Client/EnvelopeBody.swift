/// The fast path's view of an envelope: `JSONDecoder` reads the code and message and, only for a
/// success code, the payload as the declared type, in one pass over the body.
struct EnvelopeBody<Payload: Decodable>: Decodable {
    static var policyKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "apicheck.envelopePolicy")! }

    let code: Int
    let message: String
    /// Nil when the code is not a success code.
    let payload: Payload?

    init(from decoder: Decoder) throws {
        guard let policy = decoder.userInfo[Self.policyKey] as? EnvelopePolicy else {
            preconditionFailure("EnvelopeBody is decoded with its policy in userInfo")
        }
        let container = try decoder.container(keyedBy: JSONCodingKey.self)
        code = try container.decode(Int.self, forKey: JSONCodingKey(stringValue: policy.codeKey))
        let messageKey = JSONCodingKey(stringValue: policy.messageKey)
        message = policy.messageRequired
            ? try container.decode(String.self, forKey: messageKey)
            : try container.decodeIfPresent(String.self, forKey: messageKey) ?? ""
        if policy.successCodes.contains(code) {
            payload = try container.decode(Payload.self, forKey: JSONCodingKey(stringValue: policy.payloadKey))
        } else {
            payload = nil
        }
    }
}
