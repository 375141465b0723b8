/// A text with one or more layers of encoding undone (JSON escapes, percent-encoding, XML
/// character references), each decoded unit remembering which span of the original it came from.
/// The redactor looks for secrets in every such view and masks the original spans: a token a
/// server echoes as `a\/b`, `a%2Fb` or `a&#47;b` is the same token.
///
/// Works on UTF-16 code units, as `NSString` and `NSRegularExpression` do, so that the offsets of a
/// regular expression match in a view map back without conversion.
struct DecodedText: Hashable {
    /// The decoded text.
    private(set) var units: [UInt16] = []
    /// For each decoded unit, where in the original its source starts. Decoding consumes the text
    /// in order, so a unit's source ends where the next unit's (with a greater start) begins.
    private(set) var starts: [Int] = []
    /// The length of the original, in UTF-16 units.
    private let originalLength: Int

    /// The text as it is: every unit its own span.
    init(_ text: String) {
        units = Array(text.utf16)
        starts = Array(units.indices)
        originalLength = units.count
    }

    private init(decoding parent: DecodedText) {
        originalLength = parent.originalLength
        units.reserveCapacity(parent.units.count)
        starts.reserveCapacity(parent.units.count)
    }

    static func == (lhs: DecodedText, rhs: DecodedText) -> Bool { lhs.units == rhs.units }
    func hash(into hasher: inout Hasher) { hasher.combine(units) }

    var string: String { String(decoding: units, as: UTF16.self) }

    /// The units with ASCII letters lowered: enough to find a field name in any case.
    var lowercasedASCII: [UInt16] { units.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 } }

    /// The original span of decoded units `range`.
    func originalSpan(_ range: Range<Int>) -> Range<Int> {
        let lower = range.lowerBound < starts.count ? starts[range.lowerBound] : originalLength
        guard !range.isEmpty else { return lower..<lower }
        let last = starts[range.upperBound - 1]
        var next = range.upperBound
        while next < starts.count, starts[next] == last { next += 1 }
        return lower..<(next < starts.count ? starts[next] : originalLength)
    }

    private mutating func append(_ unit: UInt16, from parent: DecodedText, _ range: Range<Int>) {
        units.append(unit)
        starts.append(parent.starts[range.lowerBound])
    }

    private mutating func append(_ scalar: Unicode.Scalar, from parent: DecodedText, _ range: Range<Int>) {
        if scalar.value < 0x10000 {
            append(UInt16(scalar.value), from: parent, range)
        } else {
            append(UTF16.leadSurrogate(scalar), from: parent, range)
            append(UTF16.trailSurrogate(scalar), from: parent, range)
        }
    }


    // MARK: - Layers

    /// Every view reachable by undoing up to `depth` layers, the text itself first; at most `limit`.
    /// Breadth first, so that the likeliest forms (one layer) are always among them.
    func views(depth: Int = 3, limit: Int = 16) -> [DecodedText] {
        var all: [DecodedText] = [self]
        var seen: Set<DecodedText> = [self]
        var frontier = [self]
        for _ in 0..<depth where !frontier.isEmpty {
            var next: [DecodedText] = []
            for view in frontier {
                for decoding in view.decodings {
                    guard all.count < limit else { return all }
                    if let decoded = decoding(view), seen.insert(decoded).inserted {
                        all.append(decoded)
                        next.append(decoded)
                    }
                }
            }
            frontier = next
        }
        return all
    }

    /// The layers that may be undone from this text, judged by the characters that start them.
    private var decodings: [(DecodedText) -> DecodedText?] {
        var results: [(DecodedText) -> DecodedText?] = []
        let hasBackslash = units.contains(0x5C), hasPercent = units.contains(0x25), hasPlus = units.contains(0x2B)
        if hasBackslash { results.append { $0.decodingJSONEscapes() } }
        // `+` is a space in a query or a form body, and a plus anywhere else: both readings.
        if hasPercent || hasPlus { results.append { $0.decodingPercent(plusIsSpace: true) } }
        if hasPercent, hasPlus { results.append { $0.decodingPercent(plusIsSpace: false) } }
        if units.contains(0x26) { results.append { $0.decodingCharacterReferences() } }
        return results
    }

    /// `\"`, `\\`, `\/`, `\b \f \n \r \t` and `\uXXXX` (surrogate pairs arrive as two units, as
    /// they should). Nil when there was none.
    func decodingJSONEscapes() -> DecodedText? {
        var out = DecodedText(decoding: self)
        var index = 0, changed = false
        while index < units.count {
            if units[index] == 0x5C, index + 1 < units.count {
                let escape = units[index + 1]
                let simple: UInt16? = switch escape {
                case 0x22, 0x5C, 0x2F: escape
                case 0x62: 0x08
                case 0x66: 0x0C
                case 0x6E: 0x0A
                case 0x72: 0x0D
                case 0x74: 0x09
                default: nil
                }
                if let simple {
                    out.append(simple, from: self, index..<index + 2)
                    index += 2; changed = true; continue
                }
                if escape == 0x75, let value = hexValue(index + 2, count: 4) {
                    out.append(UInt16(value), from: self, index..<index + 6)
                    index += 6; changed = true; continue
                }
            }
            out.append(units[index], from: self, index..<index + 1)
            index += 1
        }
        return changed ? out : nil
    }

    /// `%XX` in either case, runs of them read as UTF-8 (a byte that is not valid UTF-8 reads as
    /// U+FFFD), and `+` as a space when `plusIsSpace`. Nil when nothing changed.
    func decodingPercent(plusIsSpace: Bool) -> DecodedText? {
        var out = DecodedText(decoding: self)
        var index = 0, changed = false
        while index < units.count {
            if plusIsSpace, units[index] == 0x2B {
                out.append(0x20, from: self, index..<index + 1)
                index += 1; changed = true; continue
            }
            guard units[index] == 0x25, let lead = hexValue(index + 1, count: 2) else {
                out.append(units[index], from: self, index..<index + 1)
                index += 1; continue
            }
            changed = true
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
            var bytes = [UInt8(lead)]
            while bytes.count < length, units.count > index + bytes.count * 3, units[index + bytes.count * 3] == 0x25,
                  let next = hexValue(index + bytes.count * 3 + 1, count: 2), next & 0xC0 == 0x80 {
                bytes.append(UInt8(next))
            }
            if length > 0, bytes.count == length, let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first {
                out.append(scalar, from: self, index..<index + length * 3)
                index += length * 3
            } else {
                out.append(0xFFFD, from: self, index..<index + 3)
                index += 3
            }
        }
        return changed ? out : nil
    }

    /// `&#47;`, `&#x2F;` and the five XML entities. Nil when there was none.
    func decodingCharacterReferences() -> DecodedText? {
        let named: [(name: [UInt16], unit: UInt16)] = [
            (Array("amp;".utf16), 0x26), (Array("lt;".utf16), 0x3C), (Array("gt;".utf16), 0x3E),
            (Array("quot;".utf16), 0x22), (Array("apos;".utf16), 0x27),
        ]
        var out = DecodedText(decoding: self)
        var index = 0, changed = false
        scan: while index < units.count {
            guard units[index] == 0x26 else {
                out.append(units[index], from: self, index..<index + 1)
                index += 1; continue
            }
            for entity in named where units[(index + 1)...].starts(with: entity.name) {
                out.append(entity.unit, from: self, index..<index + 1 + entity.name.count)
                index += 1 + entity.name.count; changed = true
                continue scan
            }
            if index + 3 < units.count, units[index + 1] == 0x23 {
                let hex = units[index + 2] == 0x78 || units[index + 2] == 0x58
                var end = index + (hex ? 3 : 2)
                var value: UInt32 = 0
                while end < units.count, end - index < 12, let digit = Self.digit(units[end], hex: hex) {
                    value = value &* (hex ? 16 : 10) &+ digit
                    end += 1
                }
                if end < units.count, units[end] == 0x3B, end > index + (hex ? 3 : 2), let scalar = Unicode.Scalar(value) {
                    out.append(scalar, from: self, index..<end + 1)
                    index = end + 1; changed = true
                    continue
                }
            }
            out.append(units[index], from: self, index..<index + 1)
            index += 1
        }
        return changed ? out : nil
    }

    // MARK: - Digits

    private func hexValue(_ start: Int, count: Int) -> UInt32? {
        guard start + count <= units.count else { return nil }
        var value: UInt32 = 0
        for unit in units[start..<start + count] {
            guard let digit = Self.digit(unit, hex: true) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func digit(_ unit: UInt16, hex: Bool) -> UInt32? {
        switch unit {
        case 0x30...0x39: UInt32(unit - 0x30)
        case 0x41...0x46 where hex: UInt32(unit - 0x41 + 10)
        case 0x61...0x66 where hex: UInt32(unit - 0x61 + 10)
        default: nil
        }
    }
}
