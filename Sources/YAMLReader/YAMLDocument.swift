import APICheck
import CYAML
import Foundation

/// A YAML text as the JSON value it denotes, read by libyaml's event parser (through `CYAML`):
/// mappings become objects (keys as written, so OpenAPI's `200:` is the key `"200"`), sequences
/// arrays, scalars as `YAMLScalar` reads them; anchors and aliases are followed, and `<<` merge
/// keys merged. The first document of a stream is read. For OpenAPI documents in YAML.
public enum YAMLDocument {
    /// An open sequence or mapping. A class, so that a container grows in place as its values
    /// come: a value type taken off the stack and put back copies its members on every value.
    private final class Frame {
        let isMapping: Bool
        let anchor: String?
        var items: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        /// Each key's place in `members`: a mapping of many keys is read in linear time.
        var index: [String: Int] = [:]
        /// The key read, waiting for its value.
        var key: String?

        init(mapping: Bool, anchor: String?) {
            isMapping = mapping
            self.anchor = anchor
        }

        var value: JSONValue { isMapping ? .object(members) : .array(items) }
    }

    /// Nesting beyond this is refused: what reads the value afterwards recurses.
    public static let maxDepth = 512
    /// Values the document may stand for once its aliases are followed: a few aliases of aliases
    /// (a "billion laughs") would otherwise stand for more than any reader of the value can walk.
    public static let maxValues = 5_000_000

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
        // Values so far with aliases followed, where each open container started, and each
        // anchor's count: what an alias adds.
        var values = 0
        var starts: [Int] = []
        var anchorValues: [String: Int] = [:]
        func count(_ added: Int) throws(YAMLError) {
            values += added
            if values > maxValues { throw YAMLError("the document's aliases stand for more than \(maxValues) values") }
        }
        func open() throws(YAMLError) {
            if stack.count >= maxDepth { throw YAMLError("the document nests deeper than \(maxDepth) levels") }
            starts.append(values)
        }

        /// Puts a finished value where it belongs: the root, the next item, a key, or a member.
        func add(_ value: JSONValue, keyText: String?) throws(YAMLError) {
            guard let top = stack.last else {
                root = value
                return
            }
            guard top.isMapping else {
                top.items.append(value)
                return
            }
            guard let key = top.key else {
                guard let keyText else { throw YAMLError("a mapping key that is not a scalar has no JSON form") }
                top.key = keyText
                return
            }
            top.key = nil
            if key == "<<" {
                // A merge key: the aliased mappings' members, where this mapping has none of its own.
                let merged = value.objectMembers ?? value.arrayItems?.flatMap { $0.objectMembers ?? [] } ?? []
                for member in merged where top.index[member.key] == nil {
                    top.index[member.key] = top.members.count
                    top.members.append(member)
                }
            } else if let place = top.index[key] {
                // A key given twice: the last value, in the first one's place.
                top.members[place].value = value
            } else {
                top.index[key] = top.members.count
                top.members.append((key, value))
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
                try count(1)
                if let anchor {
                    anchors[anchor] = value
                    anchorValues[anchor] = 1
                }
                try add(value, keyText: text)
            case Int(CYAML_SEQUENCE_START):
                try open()
                stack.append(Frame(mapping: false, anchor: anchor))
            case Int(CYAML_MAPPING_START):
                try open()
                stack.append(Frame(mapping: true, anchor: anchor))
            case Int(CYAML_SEQUENCE_END), Int(CYAML_MAPPING_END):
                guard let frame = stack.popLast() else { throw YAMLError("an end without its start") }
                let value = frame.value, own = frame.anchor
                try count(1)
                if let own {
                    anchors[own] = value
                    anchorValues[own] = values - (starts.last ?? 0)
                }
                _ = starts.popLast()
                try add(value, keyText: nil)
            case Int(CYAML_ALIAS):
                guard let anchor, let value = anchors[anchor] else {
                    throw YAMLError("the alias *\(anchor ?? "") names no anchor before it")
                }
                try count(anchorValues[anchor] ?? 1)
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
