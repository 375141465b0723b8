import Foundation

/// A form body (`application/x-www-form-urlencoded`) and the JSON object it stands for: each
/// top-level scalar is a field, each list of scalars travels in the declared style, null and
/// absent fields are left out. Nested objects have no form; a body type with one is sent as JSON.
public enum FormBody {
    /// The form text of a JSON object, fields in the object's order.
    public static func encode(_ document: JSONValue, lists: ListStyle) throws(RequestBody.BodyError) -> String {
        guard case let .object(members) = document else {
            throw RequestBody.BodyError(description: "a form body is an object of fields, not \(document.kindName)")
        }
        var pairs: [(String, String)] = []
        for (name, value) in members {
            switch value {
            case .null: continue
            case let .array(items):
                var texts: [String] = []
                for item in items {
                    guard let text = scalarText(item) else {
                        throw RequestBody.BodyError(
                            description: "a form field holds scalars only; $.\(name) has an item of kind \(item.kindName)")
                    }
                    texts.append(text)
                }
                pairs += lists.pairs(name, texts)
            default:
                guard let text = scalarText(value) else {
                    throw RequestBody.BodyError(description: "a form field holds scalars and lists only; $.\(name) is an \(value.kindName)")
                }
                pairs.append((name, text))
            }
        }
        return pairs.map { RequestBuilder.escape($0.0) + "=" + RequestBuilder.escape($0.1) }.joined(separator: "&")
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case let .string(text): text
        case let .number(text): text
        case let .bool(flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// The received form's pairs, names and values decoded (`+` is a space).
    public static func pairs(_ body: Data) -> [(name: String, value: String)] {
        String(decoding: body, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The object a received form stands for, values as text: a field repeated, or named `k[]`,
    /// is a list. `RequestBody.check` reads numbers, flags and lists of one from it by the type.
    public static func document(_ body: Data) -> JSONValue {
        fields(pairs(body).map { ($0.name, JSONValue.string($0.value)) })
    }

    /// The object named values stand for, in the order first named: a name repeated, or
    /// written `k[]`, is a list (a form's fields, a multipart body's parts).
    static func fields(_ named: [(name: String, value: JSONValue)]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        var positions: [String: Int] = [:]
        for (rawName, value) in named {
            let listed = rawName.hasSuffix("[]")
            let name = listed ? String(rawName.dropLast(2)) : rawName
            guard let position = positions[name] else {
                positions[name] = members.count
                members.append((name, listed ? .array([value]) : value))
                continue
            }
            switch members[position].value {
            case let .array(items): members[position].value = .array(items + [value])
            case let earlier: members[position].value = .array([earlier, value])
            }
        }
        return .object(members)
    }
}
