/// Any JSON value as a property of a decode type: what `import-openapi` declares where a schema
/// says "anything" (`{}`) or where it maps no Swift type yet (`oneOf`, `anyOf`). Decoding never
/// fails on a value's kind; integers keep their exact text, and an object's members come in the
/// order the decoder lists its keys (a keyed container does not promise the document's order).
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var members: [(key: String, value: JSONValue)] = []
            for key in object.allKeys {
                members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(String(integer))
        } else if let number = try? single.decode(Double.self) {
            self = .number(String(number))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case let .bool(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .number(text):
            var single = encoder.singleValueContainer()
            if let integer = Int64(text) { try single.encode(integer) } else { try single.encode(Double(text) ?? 0) }
        case let .string(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .array(items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case let .object(members):
            var object = encoder.container(keyedBy: JSONCodingKey.self)
            for member in members { try object.encode(member.value, forKey: JSONCodingKey(stringValue: member.key)) }
        }
    }
}
