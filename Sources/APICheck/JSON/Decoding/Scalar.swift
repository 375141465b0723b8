import Foundation

/// Scalar decoding shared by all three containers. The containers call it with concrete types,
/// so that the comparisons of `T` below are settled when it is compiled, not per value.
enum Scalar {
    // Inlined into each container's concrete overloads: there `T` is known, the comparisons of
    // `T.self` fold away, and a field read costs no generic metadata or dynamic cast.
    @inline(__always)
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at location: DecodingLocation, node: Int, log: ReadLog) throws
        -> T
    {
        // Names and paths are spelled out only for errors: most values decode.
        func mismatch(_ note: String? = nil) -> DecodingFailure {
            DecodingFailure(path: location.path, expected: ReadLog.typeName(type), found: value.kindName, note: note)
        }
        // `JSONValue` is any JSON, null included (as JSONDecoder hands it its null).
        if case .null = value, !(type is OptionalMarker.Type), T.self != JSONValue.self {
            throw DecodingFailure(path: location.path, expected: ReadLog.typeName(type), found: "null")
        }
        if T.self == String.self {
            guard case let .string(text) = value else { throw mismatch() }
            return text as! T
        }
        if T.self == Bool.self {
            if log.formLists != nil, case let .string(text) = value, text == "true" || text == "false" { return (text == "true") as! T }
            guard case let .bool(flag) = value else { throw mismatch() }
            return flag as! T
        }
        let number = Self.numberText(value, form: log.formLists != nil)
        if let integer = try Self.integer(type, from: number, mismatch: mismatch) { return integer }
        if T.self == Double.self || T.self == Float.self {
            guard case let .number(text) = number, let number = Double(text) else { throw mismatch() }
            // JSONDecoder refuses numbers that do not fit; so must the decoder that diagnoses it.
            guard number.isFinite, T.self == Double.self || Float(number).isFinite else {
                throw mismatch("\(text) does not fit in \(ReadLog.typeName(type))")
            }
            return (T.self == Double.self ? number as Any : Float(number) as Any) as! T
        }
        // JSONDecoder reads these from scalars, not through their own Codable conformances; the
        // diagnostic decoder must accept exactly what the client's fast path accepts.
        if T.self == URL.self {
            guard case let .string(text) = value else { throw mismatch() }
            guard let url = URL(string: text) else { throw mismatch("not a URL") }
            return url as! T
        }
        if T.self == Decimal.self {
            guard case let .number(text) = number, let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw mismatch()
            }
            return number as! T
        }
        if T.self == Data.self {
            guard case let .string(text) = value else { throw mismatch("Data arrives as a base64 String") }
            guard let data = Data(base64Encoded: text) else { throw mismatch("not base64") }
            return data as! T
        }
        if T.self == Date.self {
            // A form's field is text: a date in seconds arrives as text that reads as a number.
            guard let date = log.dates.date(from: value) ?? log.dates.date(from: number) else {
                throw mismatch("a Date arrives as \(log.dates.wireDescription)")
            }
            return date as! T
        }
        if log.listedValuesOnly, let listed = ListedValues.of(T.self), !listed.contains(value) {
            throw DecodingFailure(
                path: location.path, expected: "one of " + listed.map(\.compactText).joined(separator: ", "),
                found: "a \(value.kindName) not listed")
        }
        do {
            return try T(from: ValueDecoder(value: value, path: location.path, node: node, log: log))
        } catch let error as DecodingError {
            throw JSONValueDecoder.failure(from: error, at: location.path, value: value, type: type)
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            // A type's own init may throw anything; it still happened here.
            throw DecodingFailure(path: location.path, expected: ReadLog.typeName(type), found: value.kindName, note: "\(error)")
        }
    }

    /// A number as JSON writes one; in a form, text that reads as one (`12`, `0.5`, not `nan`).
    private static func numberText(_ value: JSONValue, form: Bool) -> JSONValue {
        guard form, case let .string(text) = value, let number = Double(text), number.isFinite,
            text.first.map({ $0 == "-" || $0.isASCII && $0.isNumber }) ?? false
        else { return value }
        return .number(text)
    }

    /// The integer `value` holds when `T` is an integer type; nil when `T` is not one.
    @inline(__always)
    private static func integer<T>(_ type: T.Type, from value: JSONValue, mismatch: (String?) -> DecodingFailure) throws -> T? {
        // Comparing metatypes is a pointer comparison; `is` would be a dynamic cast per value.
        if T.self == Int.self { return try integer(Int.self, from: value, mismatch: mismatch) as? T }
        if T.self == Int64.self { return try integer(Int64.self, from: value, mismatch: mismatch) as? T }
        if T.self == Int32.self { return try integer(Int32.self, from: value, mismatch: mismatch) as? T }
        if T.self == Int16.self { return try integer(Int16.self, from: value, mismatch: mismatch) as? T }
        if T.self == Int8.self { return try integer(Int8.self, from: value, mismatch: mismatch) as? T }
        if T.self == UInt.self { return try integer(UInt.self, from: value, mismatch: mismatch) as? T }
        if T.self == UInt64.self { return try integer(UInt64.self, from: value, mismatch: mismatch) as? T }
        if T.self == UInt32.self { return try integer(UInt32.self, from: value, mismatch: mismatch) as? T }
        if T.self == UInt16.self { return try integer(UInt16.self, from: value, mismatch: mismatch) as? T }
        if T.self == UInt8.self { return try integer(UInt8.self, from: value, mismatch: mismatch) as? T }
        return nil
    }

    private static func integer<I: FixedWidthInteger>(
        _ type: I.Type, from value: JSONValue,
        mismatch: (String?) -> DecodingFailure
    ) throws -> I {
        guard case let .number(text) = value else { throw mismatch(nil) }
        // An integer literal that fits: the common case, one parse.
        if let integer = I(text) { return integer }
        // `1e3` and `200.0` are integers to JSONDecoder when they are whole and exact in a Double.
        if Int64(text) == nil, let number = Double(text), number.rounded() == number, abs(number) < 9.0e15,
            let integer = I(String(Int64(number)))
        {
            return integer
        }
        if let number = Double(text), number.rounded() != number { throw mismatch(nil) }
        throw mismatch("\(text) does not fit in \(ReadLog.typeName(type))")
    }
}

/// Lets the scalar path recognise `Optional<...>` without knowing its wrapped type.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}
