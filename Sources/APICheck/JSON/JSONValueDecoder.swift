import Foundation

/// Decodes a `Decodable` type from a `JSONValue`, for diagnosis rather than speed: a failure is a
/// `DecodingFailure` with the exact JSONPath from the document root, and every field the type
/// reads is recorded as a `FieldRead`.
///
/// The client's hot path uses `JSONDecoder`; this runs when that fails (to say precisely why) and
/// when live checks need to know which fields a type reads.
public struct JSONValueDecoder {
    public var dates: DateDecoding

    public init(dates: DateDecoding = .deferredToDate) {
        self.dates = dates
    }

    public struct Result<T> {
        public var value: T
        public var reads: [FieldRead]
    }

    /// Decodes `type` from `value`, which sits at `base` in its document (`$.datas`).
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at base: JSONPath = .root) throws(DecodingFailure) -> Result<T> {
        let log = ReadLog(dates: dates)
        // The payload itself is read: a payload of the wrong kind is the type's business too.
        log.record(base, T.self, required: true)
        let decoder = ValueDecoder(value: value, path: base, log: log)
        do {
            let decoded = try T(from: decoder)
            return Result(value: decoded, reads: log.sortedReads)
        } catch let failure as DecodingFailure {
            throw failure
        } catch let error as DecodingError {
            throw Self.failure(from: error, at: base, value: value, type: T.self)
        } catch {
            throw DecodingFailure(path: base, expected: String(describing: T.self), found: "an error", note: "\(error)")
        }
    }

    /// Types with their own `init(from:)` (enums with raw values, custom decoders) throw their own
    /// `DecodingError`s. Their coding paths are already absolute (this decoder's paths start at the
    /// document root); `value` is what sits at `path`, to say what was found.
    static func failure(from error: DecodingError, at path: JSONPath, value: JSONValue, type: Any.Type) -> DecodingFailure {
        func located(_ codingPath: [CodingKey]) -> (JSONPath, JSONValue?) {
            let absolute = Self.path(codingPath)
            guard absolute.components.starts(with: path.components) else { return (path, value) }
            let relative = JSONPath(Array(absolute.components.dropFirst(path.components.count)))
            return (absolute, value.value(at: relative))
        }
        switch error {
        case let .typeMismatch(expected, context):
            let (where_, found) = located(context.codingPath)
            return DecodingFailure(path: where_, expected: ReadLog.typeName(expected), found: found?.kindName ?? "absent",
                                   note: context.debugDescription)
        case let .valueNotFound(expected, context):
            return DecodingFailure(path: located(context.codingPath).0, expected: ReadLog.typeName(expected), found: "null")
        case let .keyNotFound(key, context):
            return DecodingFailure(path: located(context.codingPath).0.appending(key.stringValue), expected: "a value", found: "absent")
        case let .dataCorrupted(context):
            let (where_, found) = located(context.codingPath)
            return DecodingFailure(path: where_, expected: where_ == path ? ReadLog.typeName(type) : "valid data",
                                   found: found?.kindName ?? "absent", note: context.debugDescription)
        @unknown default:
            return DecodingFailure(path: path, expected: ReadLog.typeName(type), found: value.kindName, note: "\(error)")
        }
    }

    static func path(_ codingPath: [CodingKey]) -> JSONPath {
        JSONPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let path: JSONPath
    let log: ReadLog
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var codingPath: [CodingKey] {
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
        var lookup: [String: JSONValue] = [:]
        for member in members { lookup[member.key] = member.value }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: lookup, path: path, log: log))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case let .array(items) = value else {
            throw DecodingFailure(path: path, expected: "Array", found: value.kindName)
        }
        return UnkeyedContainer(items: items, path: path, log: log)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleContainer(value: value, path: path, log: log)
    }
}

/// Scalar decoding shared by all three containers.
private enum Scalar {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: JSONPath, log: ReadLog) throws -> T {
        let expected = ReadLog.typeName(type)
        func mismatch(_ note: String? = nil) -> DecodingFailure {
            DecodingFailure(path: path, expected: expected, found: value.kindName, note: note)
        }
        if case .null = value, !(type is OptionalMarker.Type) {
            throw DecodingFailure(path: path, expected: expected, found: "null")
        }
        switch type {
        case is String.Type:
            guard case let .string(text) = value else { throw mismatch() }
            return text as! T
        case is Bool.Type:
            guard case let .bool(flag) = value else { throw mismatch() }
            return flag as! T
        // JSONDecoder reads these from scalars, not through their own Codable conformances; the
        // diagnostic decoder must accept exactly what the client's fast path accepts.
        case is URL.Type:
            guard case let .string(text) = value else { throw mismatch() }
            guard let url = URL(string: text) else { throw mismatch("not a URL") }
            return url as! T
        case is Decimal.Type:
            guard case let .number(text) = value, let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw mismatch()
            }
            return number as! T
        case is Data.Type:
            guard case let .string(text) = value else { throw mismatch("Data arrives as a base64 String") }
            guard let data = Data(base64Encoded: text) else { throw mismatch("not base64") }
            return data as! T
        case is Date.Type:
            guard let date = log.dates.date(from: value) else {
                throw mismatch("a Date arrives as \(log.dates.wireDescription)")
            }
            return date as! T
        case is Double.Type, is Float.Type:
            guard case let .number(text) = value, let number = Double(text) else { throw mismatch() }
            // JSONDecoder refuses numbers that do not fit; so must the decoder that diagnoses it.
            guard number.isFinite, type is Double.Type || Float(number).isFinite else {
                throw mismatch("\(text) does not fit in \(expected)")
            }
            return (type is Double.Type ? number as Any : Float(number) as Any) as! T
        case is Int.Type, is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type,
             is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
            guard case let .number(text) = value else { throw mismatch() }
            guard let integer = integer(text, as: type) else {
                if let number = Double(text), number.rounded() != number { throw mismatch() }
                throw mismatch("\(text) does not fit in \(expected)")
            }
            return integer as! T
        default:
            do {
                return try T(from: ValueDecoder(value: value, path: path, log: log))
            } catch let error as DecodingError {
                throw JSONValueDecoder.failure(from: error, at: path, value: value, type: type)
            } catch let failure as DecodingFailure {
                throw failure
            } catch {
                // A type's own init may throw anything; it still happened here.
                throw DecodingFailure(path: path, expected: ReadLog.typeName(type), found: value.kindName, note: "\(error)")
            }
        }
    }

    private static func integer(_ text: String, as type: Any.Type) -> Any? {
        var whole = text
        if Int64(text) == nil, let number = Double(text), number.rounded() == number, abs(number) < 9.0e15 {
            whole = String(Int64(number))
        }
        switch type {
        case is Int.Type: return Int(whole)
        case is Int64.Type: return Int64(whole)
        case is Int32.Type: return Int32(whole)
        case is Int16.Type: return Int16(whole)
        case is Int8.Type: return Int8(whole)
        case is UInt.Type: return UInt(whole)
        case is UInt64.Type: return UInt64(whole)
        case is UInt32.Type: return UInt32(whole)
        case is UInt16.Type: return UInt16(whole)
        case is UInt8.Type: return UInt8(whole)
        default: return nil
        }
    }
}

/// Lets the scalar path recognise `Optional<...>` without knowing its wrapped type.
private protocol OptionalMarker {}
extension Optional: OptionalMarker {}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let path: JSONPath
    let log: ReadLog

    var codingPath: [CodingKey] { ValueDecoder(value: .null, path: path, log: log).codingPath }
    var allKeys: [Key] {
        // Asking for every key is how dictionaries decode: the keys are data, not contract.
        log.markMap(path)
        return members.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        // The default `decodeIfPresent` of the standard library asks `contains` first: a key the
        // type looks for is a read, optional until a `decode` makes it required.
        log.record(path.appending(key.stringValue), Optional<Any>.self, required: false)
        return members[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        log.record(path.appending(key.stringValue), Optional<Any>.self, required: false)
        guard let value = members[key.stringValue] else { return true }
        return value.isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let fieldPath = path.appending(key.stringValue)
        log.record(fieldPath, type, required: true)
        guard let value = members[key.stringValue] else {
            throw DecodingFailure(path: fieldPath, expected: ReadLog.typeName(type), found: "absent")
        }
        return try Scalar.decode(type, from: value, at: fieldPath, log: log)
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

    private func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let fieldPath = path.appending(key.stringValue)
        log.record(fieldPath, type, required: false)
        guard let value = members[key.stringValue], !value.isNull else { return nil }
        return try Scalar.decode(type, from: value, at: fieldPath, log: log)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let fieldPath = path.appending(key.stringValue)
        log.record(fieldPath, [String: String].self, required: true)
        return try ValueDecoder(value: members[key.stringValue] ?? .null, path: fieldPath, log: log).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let fieldPath = path.appending(key.stringValue)
        log.record(fieldPath, [String].self, required: true)
        return try ValueDecoder(value: members[key.stringValue] ?? .null, path: fieldPath, log: log).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        ValueDecoder(value: members["super"] ?? .null, path: path.appending("super"), log: log)
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, path: path.appending(key.stringValue), log: log)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: JSONPath
    let log: ReadLog
    var currentIndex = 0

    init(items: [JSONValue], path: JSONPath, log: ReadLog) {
        self.items = items
        self.path = path
        self.log = log
    }

    var codingPath: [CodingKey] { ValueDecoder(value: .null, path: path, log: log).codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, JSONPath) {
        let itemPath = path.appending(index: currentIndex)
        guard !isAtEnd else {
            throw DecodingFailure(path: itemPath, expected: ReadLog.typeName(type), found: "absent", note: "the array has \(items.count) elements")
        }
        let item = items[currentIndex]
        currentIndex += 1
        return (item, itemPath)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if items[currentIndex].isNull { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, itemPath) = try next(type)
        log.record(itemPath, type, required: true)
        return try Scalar.decode(type, from: item, at: itemPath, log: log)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, itemPath) = try next([String: String].self)
        return try ValueDecoder(value: item, path: itemPath, log: log).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (item, itemPath) = try next([String].self)
        return try ValueDecoder(value: item, path: itemPath, log: log).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (item, itemPath) = try next(JSONValue.self)
        return ValueDecoder(value: item, path: itemPath, log: log)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let path: JSONPath
    let log: ReadLog
    var codingPath: [CodingKey] { ValueDecoder(value: .null, path: path, log: log).codingPath }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Scalar.decode(type, from: value, at: path, log: log)
    }
}
