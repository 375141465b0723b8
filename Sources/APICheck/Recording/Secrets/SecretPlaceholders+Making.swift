extension SecretPlaceholders {
    /// A token or value's stand-in: same length, punctuation kept, chosen by a generator seeded
    /// with the kind and rank only. A
    /// password's stand-in says what it is instead: its length is nobody's business.
    static func makePlaceholder(for secret: String, kind: Kind, rank: Int) -> String {
        if kind == .password { return "redacted-password-\(rank)" }
        var seed = seed("\(kind.rawValue)#\(rank)")
        for _ in 0..<8 {
            let candidate = lookalike(secret, seed: seed)
            if candidate != secret { return candidate }
            seed = mix(seed &+ 1)
        }
        return "redacted-\(kind.rawValue)-\(rank)"
    }

    /// Same length, punctuation where it was, letters and digits drawn from the alphabet the
    /// secret's own letters and digits fit (digits, hex, or letters and digits): not from each
    /// character's class, which would make the stand-in of each new token different.
    static func lookalike(_ text: String, seed: UInt64) -> String {
        let alphanumerics = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let alphabet: [Character]
        if alphanumerics.allSatisfy(\.isNumber) {
            alphabet = Array("0123456789")
        } else if alphanumerics.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            alphabet = Array("0123456789abcdef")
        } else {
            alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        }
        var state = seed
        return String(
            text.map { character -> Character in
                guard character.isLetter || character.isNumber else { return character }
                state = mix(state &+ 0x9E37_79B9_7F4A_7C15)
                return alphabet[Int(state % UInt64(alphabet.count))]
            })
    }

    /// A number's stand-in: as many digits, no leading zero where there was none, sign, point and
    /// exponent kept, so that it decodes into the same Swift type.
    static func numberLookalike(_ text: String, seed: UInt64) -> String {
        var state = seed
        var out = ""
        var leading = true
        for character in text {
            guard character.isNumber else {
                out.append(character)
                if character == "e" || character == "E" { leading = false }
                continue
            }
            state = mix(state &+ 0x9E37_79B9_7F4A_7C15)
            let low = leading && character != "0" ? 1 : 0
            out += String(low + Int(state % UInt64(10 - low)))
            leading = false
        }
        return out
    }

    /// FNV-1a, then mixed: stable across runs and platforms, unlike `Hasher`.
    static func seed(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return mix(hash)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
