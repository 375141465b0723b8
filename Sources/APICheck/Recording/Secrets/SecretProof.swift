internal import CZlib
import Foundation

/// The proof, before a mock is written, that none of the run's secrets is in it in any form a
/// server may echo one in. Placeholders replace the forms they know; this looks for every other:
/// each string and key decoded as the report redactor decodes (`DecodedText`: JSON escapes,
/// percent-encoding in either case and nested, form encoding, HTML references named and numeric),
/// in any letter case, as rot13, as hex of its UTF-8 or UTF-16 (either byte order), inside base64
/// (standard or URL-safe, at any alignment, up to three layers deep, compressed with gzip or zlib
/// or not) and inside base32, decoded and searched again; and split across two strings side by
/// side in an array or an object. A leak is reported by where it sits and how, never by its value.
///
/// Past that the policy stops: a secret encrypted, hashed, spelled backwards, or cut into three
/// pieces is not looked for (a server that echoes one so has changed it beyond a replay's reach).
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
    /// The secrets rot13'd, lower-cased.
    private let rot13Needles: [[UInt8]]
    /// Each secret's UTF-8 bytes, and its UTF-16 code units in both byte orders, as lower-case hex.
    private let hexNeedles: [[UInt8]]
    /// Base64 is only decoded in runs at least this long: the shortest secret's encoding.
    private let shortestBase64: Int
    /// The same for base32, whose runs are longer.
    private let shortestBase32: Int

    /// How many encoding layers are undone (base64 inside JSON inside base64 inside base64).
    private static let base64Depth = 3
    /// The most bytes one compressed run is inflated to before it is searched: a secret is short,
    /// and a small run must not inflate into gigabytes.
    private static let inflatedCap = 1 << 20

    init(secrets: [String]) {
        let kept = Set(secrets.filter { $0.count >= 4 })
        let lowered = kept.map { $0.lowercased() }
        needles = Set(lowered.flatMap { [$0, $0.precomposedStringWithCanonicalMapping, $0.decomposedStringWithCanonicalMapping] })
            .map { Array($0.utf8) }
        rot13Needles = Set(lowered.map(Self.rot13)).map { Array($0.utf8) }
        func hex(_ units: [UInt8]) -> [UInt8] { Array(units.map { String(format: "%02x", $0) }.joined().utf8) }
        hexNeedles = kept.flatMap { secret in
            let utf16 = Array(secret.utf16)
            return [
                hex(Array(secret.utf8)), hex(utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
                hex(utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ]
        }
        let shortest = kept.map(\.utf8.count).min() ?? 4
        shortestBase64 = max(4, shortest * 4 / 3)
        shortestBase32 = max(8, shortest * 8 / 5)
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
            var previous: String?
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                let before = leaks.count
                walk(item, path: &path, leaks: &leaks)
                previous = pair(previous, item, clean: leaks.count == before, at: path, leaks: &leaks)
                path.removeLast()
            }
        case let .object(members):
            var previous: String?
            for member in members {
                // A key that holds a secret would print it as part of any deeper path: the leak is
                // reported at the object, and nothing below it is looked at.
                if let form = form(in: member.key) {
                    leaks.append(Leak(path: JSONPath(path), inKey: true, form: form))
                    previous = nil
                    continue
                }
                path.append(.key(member.key))
                let before = leaks.count
                walk(member.value, path: &path, leaks: &leaks)
                previous = pair(previous, member.value, clean: leaks.count == before, at: path, leaks: &leaks)
                path.removeLast()
            }
        case .null, .bool:
            break
        }
    }

    /// A secret cut in two across `previous` and this string, side by side: reported at this one.
    /// Returns the string the next sibling pairs with (nil after anything but a clean string).
    private func pair(
        _ previous: String?, _ value: JSONValue, clean: Bool, at path: [JSONPath.Component],
        leaks: inout [Leak]
    ) -> String? {
        guard clean, case let .string(text) = value, !text.isEmpty else { return nil }
        if let previous, form(in: previous + text) != nil {
            leaks.append(Leak(path: JSONPath(path), inKey: false, form: "split across two strings side by side"))
            return nil
        }
        return text
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
            if rot13Needles.contains(where: { Self.contains(lowered, $0) }) { return "as rot13" }
            if hexNeedles.contains(where: { Self.contains(lowered, $0) }) { return "as hex" }
            if base64Depth > 0 {
                if base64Runs(in: view).contains(where: { form(in: $0, base64Depth: base64Depth - 1) != nil }) {
                    return "inside base64"
                }
                if base32Runs(in: view).contains(where: { form(in: $0, base64Depth: base64Depth - 1) != nil }) {
                    return "inside base32"
                }
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
        Self.runs(in: text, shortest: shortestBase64, alignments: 4, decode: Self.decodeBase64) { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
            case UInt8(ascii: "+"), UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "/"), UInt8(ascii: "_"): UInt8(ascii: "/")
            default: nil
            }
        }
    }

    /// The texts the base32 runs of `text` decode to (RFC 4648's alphabet, either case), read
    /// from each of the eight alignments.
    private func base32Runs(in text: String) -> [String] {
        Self.runs(in: text, shortest: shortestBase32, alignments: 8, decode: Self.decodeBase32) { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a")
            case UInt8(ascii: "2")...UInt8(ascii: "7"): byte - UInt8(ascii: "2") + 26
            default: nil
            }
        }
    }

    /// The texts the runs of an encoding's symbols in `text` decode to, each run of at least
    /// `shortest` symbols read from each of `alignments` offsets. `symbol` maps a byte to what
    /// `decode` reads, nil for a byte that ends a run (padding included).
    private static func runs(
        in text: String, shortest: Int, alignments: Int, decode: (ArraySlice<UInt8>) -> Data?,
        symbol: (UInt8) -> UInt8?
    ) -> [String] {
        var decoded: [String] = []
        var run: [UInt8] = []
        func flush() {
            defer { run.removeAll(keepingCapacity: true) }
            guard run.count >= shortest else { return }
            for offset in 0..<alignments where run.count - offset >= shortest {
                if let data = decode(run[offset...]) { decoded.append(Self.text(of: data)) }
            }
        }
        for byte in text.utf8 {
            if let value = symbol(byte) { run.append(value) } else { flush() }
        }
        flush()
        return decoded
    }

    /// A run of base64 characters (URL-safe ones already mapped), cut to whole groups and padded.
    private static func decodeBase64(_ run: ArraySlice<UInt8>) -> Data? {
        var bytes = Array(run)
        if bytes.count % 4 == 1 { bytes.removeLast() }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(bytes))
    }

    /// Five-bit values, eight to five bytes; a last partial byte is dropped.
    private static func decodeBase32(_ values: ArraySlice<UInt8>) -> Data? {
        var data = Data(capacity: values.count * 5 / 8)
        var buffer: UInt32 = 0, bits = 0
        for value in values {
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                data.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return data
    }

    /// Decoded bytes as text to search: inflated first when they are gzip or zlib data (a
    /// compressed body base64'd into a field).
    private static func text(of data: Data) -> String {
        let compressed =
            data.count >= 2
            && ((data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B)
                || (data[data.startIndex] == 0x78 && [0x01, 0x5E, 0x9C, 0xDA].contains(data[data.startIndex + 1])))
        if compressed {
            var out = [UInt8](repeating: 0, count: inflatedCap)
            let written = data.withUnsafeBytes { input in
                czlib_inflate(input.bindMemory(to: UInt8.self).baseAddress, input.count, &out, out.count)
            }
            if written > 0 { return String(decoding: out.prefix(written), as: UTF8.self) }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Letters moved 13 places, the rest kept.
    private static func rot13(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 0x41...0x5A: Unicode.Scalar((scalar.value - 0x41 + 13) % 26 + 0x41)!
                    case 0x61...0x7A: Unicode.Scalar((scalar.value - 0x61 + 13) % 26 + 0x61)!
                    default: scalar
                    }
                }))
    }
}
