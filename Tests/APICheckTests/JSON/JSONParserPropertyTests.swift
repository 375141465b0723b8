import APICheck
import Foundation
import TestSupport
import Testing

/// The parser against the document it was given and against Foundation's `JSONSerialization`,
/// on random documents written random ways, and on the same documents broken.
@Suite struct JSONParserPropertyTests {
    /// Equal as written: strings scalar for scalar (Swift's `==` would hold `é` and `e` + U+0301
    /// equal), numbers by their text, keys in order.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return Array(x.unicodeScalars) == Array(y.unicodeScalars)
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy(same)
        case let (.object(x), .object(y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { Array($0.key.unicodeScalars) == Array($1.key.unicodeScalars) && same($0.value, $1.value) }
        default: return false
        }
    }

    /// Foundation on Linux drops U+FEFF from strings and keys (the JSON text keeps it, and so
    /// does the parser): compared without it.
    static func scalars(_ text: String) -> [Unicode.Scalar] { text.unicodeScalars.filter { $0 != "\u{FEFF}" } }

    /// What `JSONSerialization` made of a document equals the parser's value: same keys (its
    /// dictionaries have no order), numbers by value, booleans apart from numbers.
    static func agrees(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case let .bool(flag):
            // Foundation's booleans are NSNumbers of a char or Bool type.
            guard let number = object as? NSNumber, ["c", "B"].contains(String(cString: number.objCType)) else { return false }
            return number.boolValue == flag
        case let .number(text):
            guard let number = object as? NSNumber else { return false }
            if let exact = Int64(text) { return number.int64Value == exact || number.doubleValue == Double(exact) }
            let expected = Double(text) ?? .nan
            return abs(number.doubleValue - expected) <= abs(expected) * 1e-12
        case let .string(text):
            return (object as? String).map { scalars($0) == scalars(text) } ?? false
        case let .array(items):
            guard let array = object as? [Any], array.count == items.count else { return false }
            return zip(items, array).allSatisfy { agrees($0, $1) }
        case let .object(members):
            guard let dictionary = object as? [String: Any], dictionary.count == members.count else { return false }
            let byKey = Dictionary(dictionary.map { (String(String.UnicodeScalarView(scalars($0.key))), $0.value) }) { first, _ in first }
            return members.allSatisfy { member in
                byKey[String(String.UnicodeScalarView(scalars(member.key)))].map { agrees(member.value, $0) } ?? false
            }
        }
    }

    @Test func randomDocumentsParseToWhatWasWrittenAndToWhatFoundationReads() throws {
        PropertyCheck.run(400) { random, label in
            var json = RandomJSON(random)
            let value = json.value()
            let text = json.whitespace() + json.text(value) + json.whitespace()
            let parsed = try? JSONParser.parse(Data(text.utf8))
            #expect(parsed.map { Self.same($0, value) } == true, "\(label): \(text)")
            let foundation = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            #expect(
                foundation.map { Self.agrees(value, $0) } == true,
                "\(label): Foundation read \(String(describing: foundation)) from \(text)")
        }
    }

    /// One byte deleted, replaced or added, or the text cut short: the parser and Foundation agree
    /// on whether it is still JSON, and where both read it, on what it says.
    @Test func brokenDocumentsAreRejectedAsFoundationRejectsThem() throws {
        PropertyCheck.run(400) { random, label in
            var json = RandomJSON(random)
            var bytes = Array(json.text(json.value()).utf8)
            let position = json.random.int(0...bytes.count - 1)
            switch json.random.int(0...3) {
            case 0: bytes.remove(at: position)
            case 1: bytes[position] = json.random.pick(Array(#",:[]{}"\ 0-.eE"#.utf8))
            case 2: bytes.insert(json.random.pick(Array(#",:[]{}"\ 0-.eEx"#.utf8) + [0x01]), at: position)
            default: bytes.removeLast(json.random.int(1...bytes.count))
            }
            let data = Data(bytes)
            let parsed = try? JSONParser.parse(data)
            let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(
                (parsed == nil) == (foundation == nil),
                "\(label): parser \(parsed.map { "read \($0.compactText)" } ?? "refused"), Foundation \(foundation == nil ? "refused" : "read") \(text)"
            )
            if let parsed, let foundation { #expect(Self.agrees(parsed, foundation), "\(label): \(text)") }
        }
    }
}
