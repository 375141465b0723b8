/// A text with one or more layers of encoding undone (JSON escapes, percent-encoding, HTML
/// character references), each decoded unit remembering which span of the original it came from.
/// The redactor looks for secrets in every such view and masks the original spans: a token a
/// server echoes as `a\/b`, `a%2Fb` or `a&#47;b` is the same token.
///
/// Works on UTF-16 code units, as `NSString` and `NSRegularExpression` do, so that the offsets of a
/// regular expression match in a view map back without conversion. The decoders run over raw
/// buffers: every text a report or the trace prints passes through them, many times over.
struct DecodedText: Hashable {
    /// The decoded text.
    private(set) var units: [UInt16]
    /// For each decoded unit, where in the original its source starts. Decoding consumes the text
    /// in order, so a unit's source ends where the next unit's (with a greater start) begins.
    private(set) var starts: [Int]
    /// The length of the original, in UTF-16 units.
    private let originalLength: Int

    /// The text as it is: every unit its own span.
    init(_ text: String) {
        units = Array(text.utf16)
        starts = Array(units.indices)
        originalLength = units.count
    }

    private init(units: [UInt16], starts: [Int], originalLength: Int) {
        self.units = units
        self.starts = starts
        self.originalLength = originalLength
    }

    static func == (lhs: DecodedText, rhs: DecodedText) -> Bool { lhs.units == rhs.units }
    func hash(into hasher: inout Hasher) { hasher.combine(units) }

    var string: String { String(decoding: units, as: UTF16.self) }

    /// The original span of decoded units `range`.
    func originalSpan(_ range: Range<Int>) -> Range<Int> {
        let lower = range.lowerBound < starts.count ? starts[range.lowerBound] : originalLength
        guard !range.isEmpty else { return lower..<lower }
        let last = starts[range.upperBound - 1]
        var next = range.upperBound
        while next < starts.count, starts[next] == last { next += 1 }
        return lower..<(next < starts.count ? starts[next] : originalLength)
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
                for layer in view.layers {
                    guard all.count < limit else { return all }
                    if let decoded = view.undoing(layer), seen.insert(decoded).inserted {
                        all.append(decoded)
                        next.append(decoded)
                    }
                }
            }
            frontier = next
        }
        return all
    }

    enum Layer { case json, form, percent, characterReferences }

    /// The layers that may be undone from this text, judged by the characters that start them.
    private var layers: [Layer] {
        var layers: [Layer] = []
        let hasPercent = units.contains(0x25), hasPlus = units.contains(0x2B)
        if units.contains(0x5C) { layers.append(.json) }
        // `+` is a space in a query or a form body, and a plus anywhere else: both readings.
        if hasPercent || hasPlus { layers.append(.form) }
        if hasPercent, hasPlus { layers.append(.percent) }
        if units.contains(0x26) { layers.append(.characterReferences) }
        return layers
    }

    /// This text with `layer` undone; nil when that changed nothing. No layer makes a text longer,
    /// so the output fits in buffers the size of the input.
    func undoing(_ layer: Layer) -> DecodedText? {
        let count = units.count
        var changed = false
        var written = 0
        var outStarts: [Int] = []
        let outUnits = [UInt16](unsafeUninitializedCapacity: count) { unitBuffer, unitCount in
            outStarts = [Int](unsafeUninitializedCapacity: count) { startBuffer, startCount in
                units.withUnsafeBufferPointer { input in
                    starts.withUnsafeBufferPointer { parentStarts in
                        var writer = Writer(units: unitBuffer, starts: startBuffer, parentStarts: parentStarts)
                        switch layer {
                        case .json: changed = Self.undoJSON(input, &writer)
                        case .form: changed = Self.undoPercent(input, &writer, plusIsSpace: true)
                        case .percent: changed = Self.undoPercent(input, &writer, plusIsSpace: false)
                        case .characterReferences: changed = Self.undoCharacterReferences(input, &writer)
                        }
                        written = writer.count
                    }
                }
                startCount = written
            }
            unitCount = written
        }
        return changed ? DecodedText(units: outUnits, starts: outStarts, originalLength: originalLength) : nil
    }

    /// Appends decoded units, each with the original start of the input unit its source begins at.
    private struct Writer {
        let units: UnsafeMutableBufferPointer<UInt16>
        let starts: UnsafeMutableBufferPointer<Int>
        let parentStarts: UnsafeBufferPointer<Int>
        var count = 0

        mutating func append(_ unit: UInt16, from index: Int) {
            units.initializeElement(at: count, to: unit)
            starts.initializeElement(at: count, to: parentStarts[index])
            count += 1
        }

        mutating func append(_ scalar: Unicode.Scalar, from index: Int) {
            if scalar.value < 0x10000 {
                append(UInt16(scalar.value), from: index)
            } else {
                append(UTF16.leadSurrogate(scalar), from: index)
                append(UTF16.trailSurrogate(scalar), from: index)
            }
        }
    }

    /// `\"`, `\\`, `\/`, `\b \f \n \r \t` and `\uXXXX` (a surrogate pair arrives as two units, as
    /// it should).
    private static func undoJSON(_ input: UnsafeBufferPointer<UInt16>, _ out: inout Writer) -> Bool {
        var index = 0, changed = false
        while index < input.count {
            if input[index] == 0x5C, index + 1 < input.count {
                let escape = input[index + 1]
                let simple: UInt16? =
                    switch escape {
                    case 0x22, 0x5C, 0x2F: escape
                    case 0x62: 0x08
                    case 0x66: 0x0C
                    case 0x6E: 0x0A
                    case 0x72: 0x0D
                    case 0x74: 0x09
                    default: nil
                    }
                if let simple {
                    out.append(simple, from: index)
                    index += 2; changed = true; continue
                }
                if escape == 0x75, let value = hexValue(input, index + 2, count: 4) {
                    out.append(UInt16(value), from: index)
                    index += 6; changed = true; continue
                }
            }
            out.append(input[index], from: index)
            index += 1
        }
        return changed
    }

    /// `%XX` in either case, runs of them read as UTF-8 (a byte that is not valid UTF-8 reads as
    /// U+FFFD), and `+` as a space when `plusIsSpace`.
    private static func undoPercent(_ input: UnsafeBufferPointer<UInt16>, _ out: inout Writer, plusIsSpace: Bool) -> Bool {
        var index = 0, changed = false
        while index < input.count {
            if plusIsSpace, input[index] == 0x2B {
                out.append(0x20, from: index)
                index += 1; changed = true; continue
            }
            guard input[index] == 0x25, let lead = hexValue(input, index + 1, count: 2) else {
                out.append(input[index], from: index)
                index += 1; continue
            }
            changed = true
            let length =
                switch lead {
                case 0x00..<0x80: 1
                case 0xC2..<0xE0: 2
                case 0xE0..<0xF0: 3
                case 0xF0..<0xF5: 4
                default: 0
                }
            var value = length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07
            var read = 1
            while read < length, input.count > index + read * 3, input[index + read * 3] == 0x25,
                let next = hexValue(input, index + read * 3 + 1, count: 2), next & 0xC0 == 0x80
            {
                value = value << 6 | (next & 0x3F)
                read += 1
            }
            // Overlong forms and surrogates are not UTF-8: `Unicode.Scalar` refuses the latter.
            let minimum: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0
            if length > 0, read == length, value >= minimum, let scalar = Unicode.Scalar(value) {
                out.append(scalar, from: index)
                index += length * 3
            } else {
                out.append(0xFFFD, from: index)
                index += 3
            }
        }
        return changed
    }

    /// `&#47;`, `&#x2F;`, and HTML's named references of ASCII and Latin-1 (`&sol;`, `&commat;`,
    /// `&uuml;`). As a browser reads them in an attribute: a numeric reference or a legacy name
    /// (`&amp`, `&eacute`) needs no semicolon, so a server's sloppy escaping hides nothing.
    private static func undoCharacterReferences(_ input: UnsafeBufferPointer<UInt16>, _ out: inout Writer) -> Bool {
        var index = 0, changed = false
        while index < input.count {
            guard input[index] == 0x26, let (unit, length) = reference(input, at: index) else {
                out.append(input[index], from: index)
                index += 1; continue
            }
            out.append(unit, from: index)
            index += length; changed = true
        }
        return changed
    }

    /// The scalar a reference at `index` (an `&`) stands for, and how many units it spans.
    private static func reference(_ input: UnsafeBufferPointer<UInt16>, at index: Int) -> (Unicode.Scalar, Int)? {
        if index + 2 < input.count, input[index + 1] == 0x23 {
            let hex = input[index + 2] == 0x78 || input[index + 2] == 0x58
            let first = index + (hex ? 3 : 2)
            var end = first
            var value: UInt32 = 0
            while end < input.count, end - first < 8, let digit = digit(input[end], hex: hex) {
                value = value * (hex ? 16 : 10) + digit
                end += 1
            }
            guard end > first, let scalar = Unicode.Scalar(value) else { return nil }
            let semicolon = end < input.count && input[end] == 0x3B
            return (scalar, end - index + (semicolon ? 1 : 0))
        }
        var name: [UInt8] = []
        var end = index + 1
        while end < input.count, name.count < HTMLEntity.longestName, input[end] < 0x80,
            isAlphanumeric(UInt8(input[end]))
        {
            name.append(UInt8(input[end]))
            end += 1
        }
        guard !name.isEmpty else { return nil }
        if end < input.count, input[end] == 0x3B, let unit = HTMLEntity.units[String(decoding: name, as: UTF8.self)] {
            return (Unicode.Scalar(unit)!, name.count + 2)
        }
        // Without a semicolon only a legacy name counts, and, as in an HTML attribute, not when a
        // letter, digit or `=` follows: `&copy=1` and `&notes` in a query string stay as they are.
        let whole = String(decoding: name, as: UTF8.self)
        guard HTMLEntity.legacyNames.contains(whole), let unit = HTMLEntity.units[whole],
            end >= input.count || input[end] != 0x3D
        else { return nil }
        return (Unicode.Scalar(unit)!, name.count + 1)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    // MARK: - Digits

    private static func hexValue(_ input: UnsafeBufferPointer<UInt16>, _ start: Int, count: Int) -> UInt32? {
        guard start + count <= input.count else { return nil }
        var value: UInt32 = 0
        for index in start..<start + count {
            guard let digit = digit(input[index], hex: true) else { return nil }
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
