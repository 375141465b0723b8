/// An object's members for a type's `CodingKeys`. Every key the type asks for is a read.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Objects this small are searched member by member: cheaper than hashing every key into a
    /// dictionary for each of the thousands of objects of a big answer.
    static var searchLimit: Int { 16 }

    /// The container's state behind one reference: the standard library's box copies the
    /// container for every field it reads, and a copy of one reference costs one retain.
    private let object: KeyedObject

    var members: [(key: String, value: JSONValue)] { object.members }
    /// Positions by key, for bigger objects; the last of repeated keys wins, as in a lookup table.
    var positions: [String: Int]? { object.positions }
    /// A small object without a repeated key: a key's one match is found where the same field
    /// was in the last object read at this node, most often, and searched for otherwise.
    var unique: Bool { object.unique }
    var path: JSONPath { object.path }
    var node: Int { object.node }
    var generation: Int { object.generation }
    var log: ReadLog { object.log }

    init(members: [(key: String, value: JSONValue)], path: JSONPath, node: Int, generation: Int, log: ReadLog) {
        var positions: [String: Int]?
        let unique: Bool
        if members.count > Self.searchLimit {
            var byKey: [String: Int] = [:]
            for (position, member) in members.enumerated() { byKey[member.key] = position }
            positions = byKey
            unique = false
        } else {
            unique = log.hasUniqueKeys(log.generation == generation ? node : log.node(for: path), members)
        }
        object = KeyedObject(
            members: members, positions: positions, unique: unique, path: path, node: node, generation: generation, log: log)
    }

    var codingPath: [CodingKey] { ValueDecoder.codingPath(of: path) }

    /// The value of `key`, whose node is `field`: the last one when the key is repeated.
    private func member(_ key: String, field: Int) -> JSONValue? {
        if let positions { return positions[key].map { members[$0].value } }
        if unique {
            let slot = log.slot(field)
            if slot < members.count, members[slot].key == key { return members[slot].value }
        }
        var position = members.count
        while position > 0 {
            position -= 1
            if members[position].key == key {
                if unique { log.setSlot(field, position) }
                return members[position].value
            }
        }
        return nil
    }

    private var currentNode: Int { log.generation == generation ? node : log.node(for: path) }

    private func fieldNode(_ key: String) -> Int { log.child(currentNode, key: key) }

    var allKeys: [Key] {
        // Asking for every key is how dictionaries decode: the keys are data, not contract.
        log.markMap(currentNode)
        var seen: Set<String> = []
        return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func contains(_ key: Key) -> Bool {
        // The default `decodeIfPresent` of the standard library asks `contains` first: a key the
        // type looks for is a read, optional until a `decode` makes it required.
        let name = key.stringValue
        return member(name, field: log.field(currentNode, key: name, Optional<Any>.self, required: false)) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let name = key.stringValue
        guard let value = member(name, field: log.field(currentNode, key: name, Optional<Any>.self, required: false)) else {
            return true
        }
        return value.isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(type, key) }

    // Concrete types reach a specialized `field` instead of the generic witness.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(type, key) }

    @inline(__always)
    private func field<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let name = key.stringValue
        let field = log.field(currentNode, key: name, type, required: true)
        let location = DecodingLocation(parent: path, last: .key(name))
        guard let value = member(name, field: field) else {
            throw DecodingFailure(path: location.path, expected: ReadLog.typeName(type), found: "absent")
        }
        return try Scalar.decode(type, from: value, at: location, node: field, log: log)
    }

    // The standard library's defaults for these call `decode`, which would mark the read required.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeOptional(type, forKey: key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeOptional(type, forKey: key)
    }

    @inline(__always)
    private func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let name = key.stringValue
        let field = log.field(currentNode, key: name, type, required: false)
        guard let value = member(name, field: field), !value.isNull else { return nil }
        return try Scalar.decode(type, from: value, at: DecodingLocation(parent: path, last: .key(name)), node: field, log: log)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let field = log.field(currentNode, key: key.stringValue, [String: String].self, required: true)
        return try ValueDecoder(
            value: member(key.stringValue, field: field) ?? .null, path: path.appending(key.stringValue), node: field, log: log
        ).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let field = log.field(currentNode, key: key.stringValue, [String].self, required: true)
        return try ValueDecoder(
            value: member(key.stringValue, field: field) ?? .null, path: path.appending(key.stringValue), node: field, log: log
        ).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        let field = fieldNode("super")
        return ValueDecoder(value: member("super", field: field) ?? .null, path: path.appending("super"), node: field, log: log)
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let field = fieldNode(key.stringValue)
        return ValueDecoder(
            value: member(key.stringValue, field: field) ?? .null, path: path.appending(key.stringValue), node: field, log: log)
    }
}

/// What a `KeyedContainer` holds, once per object.
private final class KeyedObject {
    let members: [(key: String, value: JSONValue)]
    let positions: [String: Int]?
    let unique: Bool
    let path: JSONPath
    let node: Int
    let generation: Int
    let log: ReadLog

    init(
        members: [(key: String, value: JSONValue)], positions: [String: Int]?, unique: Bool, path: JSONPath, node: Int,
        generation: Int, log: ReadLog
    ) {
        self.members = members
        self.positions = positions
        self.unique = unique
        self.path = path
        self.node = node
        self.generation = generation
        self.log = log
    }
}
