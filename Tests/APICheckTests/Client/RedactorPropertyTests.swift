import Foundation
import TestSupport
import Testing
@testable import APICheck

/// The redactor's decoded copies on random secrets in random encodings: whatever layers a
/// server wraps a secret in (JSON escapes, percent-encoding, XML character references, two of
/// them nested), the decoded copy holds the secret and maps back onto exactly the encoded bytes,
/// so the mask covers the secret and nothing around it.
@Suite struct RedactorPropertyTests {
    enum Layer: CaseIterable { case json, percent, characterReferences }

    static let secretCharacters: [Character] = Array("ABCXYZ0189/+=&\"<>'-_. ") + ["é", "中", "😀"]
    /// No letter of the filler is in a secret, and none starts an encoding.
    static let fillerCharacters: [Character] = Array("abcdefxyz ,.:")

    /// `text` with one layer of encoding, each character encoded or not at random where it may be.
    static func encode(_ text: String, _ layer: Layer, _ random: inout SplitMix64) -> String {
        var out = ""
        switch layer {
        case .json:
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "/" where random.chance(0.5): out += "\\/"
                case _ where !scalar.isASCII || random.chance(0.2):
                    for unit in String(scalar).utf16 { out += String(format: random.chance(0.5) ? "\\u%04x" : "\\u%04X", unit) }
                default: out.unicodeScalars.append(scalar)
                }
            }
        case .percent:
            for byte in text.utf8 {
                let plain = byte < 0x80 && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber)
                if byte == 0x20, random.chance(0.5) {
                    out += "+"
                } else if plain, !random.chance(0.2) {
                    out.unicodeScalars.append(UnicodeScalar(byte))
                } else {
                    out += String(format: random.chance(0.5) ? "%%%02X" : "%%%02x", byte)
                }
            }
        case .characterReferences:
            let named: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]
            for scalar in text.unicodeScalars {
                if let entity = named[scalar], random.chance(0.5) || scalar == "&" {
                    out += entity
                } else if !scalar.isASCII || random.chance(0.3) {
                    out += random.chance(0.5) ? "&#\(scalar.value);" : "&#\(random.pick(["x", "X"]))\(String(scalar.value, radix: 16));"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A secret of 6 to 14 characters, with a capital letter so no filler can hold it.
    static func secret(_ random: inout SplitMix64) -> String {
        "Q" + random.string(secretCharacters, count: random.int(5...13))
    }

    @Test func aSecretInAnyEncodingIsMaskedAndNothingElse() {
        PropertyCheck.run(300) { random, label in
            let secret = Self.secret(&random)
            var encoded = secret
            for _ in 0..<random.int(0...2) { encoded = Self.encode(encoded, random.pick(Layer.allCases), &random) }
            let before = random.string(Self.fillerCharacters, count: random.int(0...20))
            let after = random.string(Self.fillerCharacters, count: random.int(0...20))
            let redactor = Redactor(fieldNames: [], secrets: [secret])

            #expect(
                redactor.redact(before + encoded + after) == before + Redactor.mask + after,
                "\(label): secret \(secret.debugDescription) as \(encoded.debugDescription)")
        }
    }

    @Test func aDecodedCopyHoldsTheTextAndSpansAllOfItsEncoding() {
        PropertyCheck.run(300) { random, label in
            let text = random.string(Self.secretCharacters + Self.fillerCharacters, count: random.int(1...24))
            let layer = random.pick(Layer.allCases)
            let encoded = Self.encode(text, layer, &random)

            let views = DecodedText(encoded).views()
            let decoded = views.first { $0.string == text }

            #expect(views.first?.string == encoded, "\(label)")
            #expect(decoded != nil, "\(label): \(layer) \(encoded.debugDescription) has no copy reading \(text.debugDescription)")
            if let decoded {
                let count = decoded.string.utf16.count
                #expect(decoded.originalSpan(0..<count) == 0..<encoded.utf16.count, "\(label): \(encoded.debugDescription)")
            }
        }
    }
}
