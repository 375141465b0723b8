import Foundation

extension SchemaRecorder {
    func enumCases(_ type: any Decodable.Type, path: String) throws(SchemaRecordingError) -> [JSONValue]? {
        if let iterable = type as? any (CaseIterable & RawRepresentable).Type { return Self.rawValues(iterable) }
        guard let probed = Self.probedCases(type, values: false) else { return nil }
        guard !probed.isEmpty else {
            throw SchemaRecordingError(
                type: ReadLog.typeName(type), path: path,
                reason: "no raw value in 0..<1024 makes a case; make it CaseIterable")
        }
        return probed.compactMap { $0 as? JSONValue }
    }

    /// An enum's cases with their raw values as JSON, in order: a `CaseIterable` raw-value enum's,
    /// or the probed ones of an `Int` enum; nil for any other type.
    func cases(of type: Any.Type) -> [(value: Any, raw: JSONValue)]? {
        let id = ObjectIdentifier(type)
        if let known = caseCache[id] { return known }
        var found: [(value: Any, raw: JSONValue)]?
        if let iterable = type as? any (CaseIterable & RawRepresentable).Type {
            found = Self.allCases(of: iterable)
        } else if let values = Self.probedCases(type, values: true), let raws = Self.probedCases(type, values: false) {
            found = zip(values, raws).compactMap { value, raw in (raw as? JSONValue).map { (value, $0) } }
        }
        caseCache[id] = .some(found)
        return found
    }

    private static func allCases<T: CaseIterable & RawRepresentable>(of type: T.Type) -> [(value: Any, raw: JSONValue)] {
        T.allCases.compactMap { value in jsonValue(of: value.rawValue).map { (value as Any, $0) } }
    }

    private static func rawValues<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [JSONValue] {
        T.allCases.compactMap { jsonValue(of: $0.rawValue) }
    }

    static func firstCase<T>(_ type: T.Type) -> T? {
        guard let iterable = type as? any (CaseIterable & RawRepresentable).Type else { return nil }
        return first(of: iterable) as? T
    }

    static func first<T: CaseIterable & RawRepresentable>(of type: T.Type) -> Any? { T.allCases.first }

    /// For an enum with `Int` raw values that is not `CaseIterable`: the raw values that make a
    /// case (as JSON), or the cases themselves when `values` is set. Nil for any other type.
    static func probedCases(_ type: Any.Type, values: Bool) -> [Any]? {
        guard let raw = type as? any RawRepresentable.Type else { return nil }
        return probe(raw, values: values)
    }

    private static func probe<T: RawRepresentable>(_ type: T.Type, values: Bool) -> [Any]? {
        guard T.RawValue.self == Int.self else { return nil }
        return (0..<1024).compactMap { number -> Any? in
            guard let value = T(rawValue: number as! T.RawValue) else { return nil }
            return values ? value : JSONValue.number(String(number))
        }
    }

    static func jsonValue(of raw: Any) -> JSONValue? {
        switch raw {
        case let text as String: return .string(text)
        case let number as any BinaryInteger: return .number(String(describing: number))
        case let number as Double: return .number(String(number))
        case let flag as Bool: return .bool(flag)
        default: return nil
        }
    }

    static func jsonType(_ value: JSONValue) -> String? {
        switch value {
        case .string: return "string"
        case let .number(text): return Int64(text) != nil ? "integer" : "number"
        case .bool: return "boolean"
        default: return nil
        }
    }
}
