import Foundation

/// The proof, before a mock is written, that none of the run's secrets is in it in any form a
/// server may echo one in. Placeholders replace the forms they know; this looks for every other:
/// each string and key decoded as the report redactor decodes (`DecodedText`: JSON escapes,
/// percent-encoding in either case and nested, form encoding, HTML references named and numeric),
/// in any letter case, as hex, and inside base64 (standard or URL-safe, at any alignment, decoded
/// and searched again). A leak is reported by where it sits and how, never by its value.
struct SecretProof {
    /// Where a secret was found, and in what form.
    struct Leak: Equatable {
        var path: JSONPath
        /// In an object key under `path` rather than in its value.
        var inKey: Bool
        var form: String
    }

    /// The secrets as searched, as UTF-8: lower-cased (a server may upper-case one), composed and
    /// decomposed (it may normalise one).
    private let needles: [[UInt8]]
    /// Each secret's UTF-8 bytes as lower-case hex.
    private let hexNeedles: [[UInt8]]
    /// Base64 is only decoded in runs at least this long: the shortest secret's encoding.
    private let shortestBase64: Int

    /// How many base64 layers are undone (base64 inside JSON inside base64).
    private static let base64Depth = 2

    init(secrets: [String]) {
        let kept = Set(secrets.filter { $0.count >= 4 })
        let lowered = kept.map { $0.lowercased() }
        needles = Set(lowered.flatMap { [$0, $0.precomposedStringWithCanonicalMapping, $0.decomposedStringWithCanonicalMapping] })
            .map { Array($0.utf8) }
        hexNeedles = kept.map { Array($0.utf8.map { String(format: "%02x", $0) }.joined().utf8) }
        shortestBase64 = max(4, (kept.map(\.utf8.count).min() ?? 4) * 4 / 3)
    }

    var isEmpty: Bool { needles.isEmpty }

    /// Every place a secret sits in `document`; the first form found at each.
    func leaks(in document: JSONValue) -> [Leak] {
        guard !isEmpty else { return [] }
        var leaks: [Leak] = []
        var path: [JSONPath.Component] = []
        walk(document, path: &path, leaks: &leaks)
        return leaks
    }

    private func walk(_ value: JSONValue, path: inout [JSONPath.Component], leaks: inout [Leak]) {
        switch value {
        case let .string(text), let .number(text):
            if let form = form(in: text) { leaks.append(Leak(path: JSONPath(path), inKey: false, form: form)) }
        case let .array(items):
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                walk(item, path: &path, leaks: &leaks)
                path.removeLast()
            }
        case let .object(members):
            for member in members {
                // A key that holds a secret would print it as part of any deeper path: the leak is
                // reported at the object, and nothing below it is looked at.
                if let form = form(in: member.key) {
                    leaks.append(Leak(path: JSONPath(path), inKey: true, form: form))
                    continue
                }
                path.append(.key(member.key))
                walk(member.value, path: &path, leaks: &leaks)
                path.removeLast()
            }
        case .null, .bool:
            break
        }
    }

    /// How a secret sits in `text`, or nil when none does.
    func form(in text: String, base64Depth: Int = Self.base64Depth) -> String? {
        guard !text.isEmpty else { return nil }
        // Most texts hold nothing a layer could undo: no decoding to set up for them.
        let encoded = text.utf8.contains { $0 == 0x5C || $0 == 0x25 || $0 == 0x2B || $0 == 0x26 }
        let views = encoded ? DecodedText(text).views().map(\.string) : [text]
        for (index, view) in views.enumerated() {
            let lowered = Array(view.lowercased().utf8)
            if needles.contains(where: { Self.contains(lowered, $0) }) {
                return index == 0 ? "as it is or in another case" : "escaped or encoded"
            }
            if hexNeedles.contains(where: { Self.contains(lowered, $0) }) { return "as hex" }
            if base64Depth > 0, base64Runs(in: view).contains(where: { form(in: $0, base64Depth: base64Depth - 1) != nil }) {
                return "inside base64"
            }
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var index = 0
        search: while index <= last {
            guard haystack[index] == first else { index += 1; continue }
            for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                index += 1
                continue search
            }
            return true
        }
        return false
    }

    /// The texts the base64 runs of `text` decode to, standard or URL-safe, read from each of the
    /// four alignments (a run may start mid-group when something was glued in front of it).
    private func base64Runs(in text: String) -> [String] {
        var decoded: [String] = []
        var run: [UInt8] = []
        func flush() {
            defer { run.removeAll(keepingCapacity: true) }
            guard run.count >= shortestBase64 else { return }
            for offset in 0..<4 where run.count - offset >= shortestBase64 {
                if let text = Self.decodeBase64(run[offset...]) { decoded.append(text) }
            }
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                run.append(byte)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): run.append(UInt8(ascii: "+"))
            case UInt8(ascii: "/"), UInt8(ascii: "_"): run.append(UInt8(ascii: "/"))
            case UInt8(ascii: "="): flush()
            default: flush()
            }
        }
        flush()
        return decoded
    }

    /// A run of base64 characters (URL-safe ones already mapped), cut to whole groups and padded.
    private static func decodeBase64(_ run: ArraySlice<UInt8>) -> String? {
        var bytes = Array(run)
        if bytes.count % 4 == 1 { bytes.removeLast() }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        guard let data = Data(base64Encoded: Data(bytes)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
