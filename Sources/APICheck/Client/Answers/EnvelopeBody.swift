/// The fast path's view of an envelope whose fields sit at the top level: `JSONDecoder` reads the
/// code and, only for a success code, the payload as the declared type, in one pass over the body.
struct EnvelopeBody<Payload: Decodable>: Decodable {
    static var policyKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "apicheck.envelopePolicy")! }

    /// Nil when the code is not a success code.
    let payload: Payload?

    init(from decoder: Decoder) throws {
        guard let policy = decoder.userInfo[Self.policyKey] as? EnvelopePolicy, let keys = policy.flatKeys else {
            preconditionFailure("EnvelopeBody is decoded with a flat policy in userInfo")
        }
        let container = try decoder.container(keyedBy: JSONCodingKey.self)
        let codeKey = JSONCodingKey(stringValue: keys.code)
        let code: EnvelopeCode
        if let int = try? container.decode(Int.self, forKey: codeKey) {
            code = .int(int)
        } else if let text = try? container.decode(String.self, forKey: codeKey) {
            code = .string(text)
        } else {
            code = .bool(try container.decode(Bool.self, forKey: codeKey))
        }
        guard policy.codeKinds.contains(code.kindName) else {
            throw DecodingError.typeMismatch(EnvelopeCode.self, .init(codingPath: [codeKey], debugDescription: "code of another kind"))
        }
        let messageKey = JSONCodingKey(stringValue: keys.message)
        if policy.messageRequired {
            _ = try container.decode(String.self, forKey: messageKey)
        } else {
            _ = try container.decodeIfPresent(String.self, forKey: messageKey)
        }
        guard policy.successCodes.contains(code) else {
            payload = nil
            return
        }
        if let payloadKey = keys.payload {
            payload = try container.decode(Payload.self, forKey: JSONCodingKey(stringValue: payloadKey))
        } else {
            payload = try Payload(from: decoder)
        }
    }
}
