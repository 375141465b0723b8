/// An array's elements, in order. Every element read is a read of `[*]`.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: JSONPath
    let node: Int
    let generation: Int
    let log: ReadLog
    var currentIndex = 0

    init(items: [JSONValue], path: JSONPath, node: Int, generation: Int, log: ReadLog) {
        self.items = items
        self.path = path
        self.node = node
        self.generation = generation
        self.log = log
    }

    var codingPath: [CodingKey] { ValueDecoder.codingPath(of: path) }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var elementNode: Int { log.element(log.generation == generation ? node : log.node(for: path)) }

    @inline(__always)
    private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, DecodingLocation) {
        let location = DecodingLocation(parent: path, last: .index(currentIndex))
        guard !isAtEnd else {
            throw DecodingFailure(
                path: location.path, expected: ReadLog.typeName(type), found: "absent",
                note: "the array has \(items.count) elements")
        }
        let item = items[currentIndex]
        currentIndex += 1
        return (item, location)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if items[currentIndex].isNull { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) }

    // Concrete types reach a specialized `element` instead of the generic witness.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }

    @inline(__always)
    private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, location) = try next(type)
        let element = elementNode
        log.record(element, type, required: true)
        return try Scalar.decode(type, from: item, at: location, node: element, log: log)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, location) = try next([String: String].self)
        return try ValueDecoder(value: item, path: location.path, node: elementNode, log: log).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (item, location) = try next([String].self)
        return try ValueDecoder(value: item, path: location.path, node: elementNode, log: log).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (item, location) = try next(JSONValue.self)
        return ValueDecoder(value: item, path: location.path, node: elementNode, log: log)
    }
}
