/// The `Decoder` `JSONValueDecoder` hands to a type: one value, its path, and its node in the read log.
struct ValueDecoder: Decoder {
    let value: JSONValue
    let path: JSONPath
    /// The value's node in `log`, valid while the log's generation is `generation`.
    let node: Int
    let generation: Int
    let log: ReadLog
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var codingPath: [CodingKey] { Self.codingPath(of: path) }

    init(value: JSONValue, path: JSONPath, node: Int, log: ReadLog) {
        self.value = value
        self.path = path
        self.node = node
        self.generation = log.generation
        self.log = log
    }

    static func codingPath(of path: JSONPath) -> [CodingKey] {
        path.components.map { component in
            switch component {
            case let .key(key): return JSONCodingKey(stringValue: key)
            case let .index(index): return JSONCodingKey(intValue: index)
            case .anyIndex, .anyKey: return JSONCodingKey(stringValue: "*")
            }
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else {
            throw DecodingFailure(path: path, expected: "Object", found: value.kindName)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, path: path, node: node, generation: generation, log: log))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case let .array(items) = value else {
            // A form sends a list of one as a plain field, and a comma-joined list as one value.
            if let style = log.formLists, case let .string(text) = value {
                let items =
                    style == .commaSeparated
                    ? text.split(separator: ",", omittingEmptySubsequences: false).map { JSONValue.string(String($0)) } : [value]
                return UnkeyedContainer(items: items, path: path, node: node, generation: generation, log: log)
            }
            throw DecodingFailure(path: path, expected: "Array", found: value.kindName)
        }
        return UnkeyedContainer(items: items, path: path, node: node, generation: generation, log: log)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleContainer(value: value, path: path, node: node, log: log)
    }
}
