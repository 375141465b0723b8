import APICheck
import CYAML
import Foundation

/// A YAML text as the JSON value it denotes, read by libyaml's event parser (through `CYAML`):
/// mappings become objects (keys as written, so OpenAPI's `200:` is the key `"200"`), sequences
/// arrays, scalars as `YAMLScalar` reads them; anchors and aliases are followed, and `<<` merge
/// keys merged. The first document of a stream is read. For OpenAPI documents in YAML.
public enum YAMLDocument {
    private enum Frame {
        case sequence(items: [JSONValue], anchor: String?)
        case mapping(members: [(key: String, value: JSONValue)], key: String?, anchor: String?)
    }

    public static func parse(_ data: Data) throws(YAMLError) -> JSONValue {
        let result: Result<JSONValue, YAMLError> = data.withUnsafeBytes { bytes in
            guard let parser = cyaml_parser_new(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) else {
                return .failure(YAMLError("out of memory"))
            }
            defer { cyaml_parser_free(parser) }
            return Result { () throws(YAMLError) in try read(parser) }
        }
        return try result.get()
    }

    private static func read(_ parser: UnsafeMutablePointer<yaml_parser_t>) throws(YAMLError) -> JSONValue {
        var stack: [Frame] = []
        var anchors: [String: JSONValue] = [:]
        var root: JSONValue?

        /// Puts a finished value where it belongs: the root, the next item, a key, or a member.
        func add(_ value: JSONValue, keyText: String?) throws(YAMLError) {
            guard let top = stack.popLast() else {
                root = value
                return
            }
            switch top {
            case .sequence(var items, let anchor):
                items.append(value)
                stack.append(.sequence(items: items, anchor: anchor))
            case let .mapping(members, nil, anchor):
                guard let keyText else { throw YAMLError("a mapping key that is not a scalar has no JSON form") }
                stack.append(.mapping(members: members, key: keyText, anchor: anchor))
            case .mapping(var members, let key?, let anchor):
                if key == "<<" {
                    // A merge key: the aliased mappings' members, where this mapping has none of its own.
                    let merged = value.objectMembers ?? value.arrayItems?.flatMap { $0.objectMembers ?? [] } ?? []
                    for member in merged where !members.contains(where: { $0.key == member.key }) { members.append(member) }
                } else {
                    members.removeAll { $0.key == key }
                    members.append((key, value))
                }
                stack.append(.mapping(members: members, key: nil, anchor: anchor))
            }
        }

        var event = yaml_event_t()
        while root == nil || !stack.isEmpty {
            guard cyaml_parser_next(parser, &event) == 1 else {
                var line = 0, column = 0
                let problem = cyaml_parser_problem(parser, &line, &column).map { String(cString: $0) } ?? "cannot be parsed"
                throw YAMLError(problem, line: line, column: column)
            }
            defer { yaml_event_delete(&event) }
            let anchor = cyaml_event_anchor(&event).map { String(cString: $0) }
            switch Int(cyaml_event_kind(&event)) {
            case Int(CYAML_SCALAR):
                var length = 0
                let bytes = cyaml_scalar_value(&event, &length)
                let text = bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
                let tag = cyaml_scalar_tag(&event).map { String(cString: $0) }
                let value = YAMLScalar.value(text, plain: cyaml_scalar_is_plain(&event) == 1, tag: tag)
                if let anchor { anchors[anchor] = value }
                try add(value, keyText: text)
            case Int(CYAML_SEQUENCE_START):
                stack.append(.sequence(items: [], anchor: anchor))
            case Int(CYAML_MAPPING_START):
                stack.append(.mapping(members: [], key: nil, anchor: anchor))
            case Int(CYAML_SEQUENCE_END), Int(CYAML_MAPPING_END):
                let value: JSONValue, own: String?
                switch stack.popLast() {
                case let .sequence(items, anchor)?: (value, own) = (.array(items), anchor)
                case let .mapping(members, _, anchor)?: (value, own) = (.object(members), anchor)
                case nil: throw YAMLError("an end without its start")
                }
                if let own { anchors[own] = value }
                try add(value, keyText: nil)
            case Int(CYAML_ALIAS):
                guard let anchor, let value = anchors[anchor] else { throw YAMLError("the alias *\(anchor ?? "") names no anchor before it") }
                try add(value, keyText: value.scalarText)
            case Int(CYAML_DOCUMENT_END), Int(CYAML_STREAM_END):
                if root == nil { return .null }
            default:
                break
            }
        }
        return root ?? .null
    }
}

extension JSONValue {
    fileprivate var objectMembers: [(key: String, value: JSONValue)]? {
        if case let .object(members) = self { return members }
        return nil
    }

    fileprivate var arrayItems: [JSONValue]? {
        if case let .array(items) = self { return items }
        return nil
    }

    /// A scalar's text, for an alias used as a key.
    fileprivate var scalarText: String? {
        switch self {
        case let .string(text), let .number(text): text
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }
}
