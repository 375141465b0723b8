/// The token the dead-token probes send in place of a real one (`AuthPolicy.probeToken`): a token
/// the server never issued, which it must refuse with the promised answer. Not a secret (no server
/// issued it), so it is shown in `--verbose` traces and reproduce commands.
///
/// The default, `.shaped`, keeps the real token's length, its punctuation and a kind prefix (`ghp_`,
/// `sk-`, `kv.`: up to four letters ended by punctuation), and fills every other letter and digit
/// with random letters: a server can reject it at once, none finds a number in it to parse and
/// wait on (a log index, a user id, a timestamp), and nothing of the real token's secret part is
/// shown. A Basic password, a person's choice, is never shaped (`password(unlike:)`). A JSON Web Token stays one (`shapedJWT(like:)`): its header, claims of the probe's own
/// and a made-up signature. An API that checks more (a checksum) declares its own.
///
/// ```swift
/// probeToken: .literal("not-a-real-token")
/// probeToken: .template("ghp_{random:36}")
/// probeToken: .computed("jwt with a bad signature") { real in real.dropLast(4) + "AAAA" }
/// ```
public struct ProbeToken: Sendable, Equatable, CustomStringConvertible {
    enum Rule: Sendable {
        case shaped
        case literal(String)
        case template(String)
        case computed(@Sendable (String) -> String)
    }

    let rule: Rule
    /// How declarations and `list` name the rule; computations compare by it.
    public let description: String

    public static let shaped = ProbeToken(rule: .shaped, description: "shaped like the real token, letters only")

    /// Always this token.
    public static func literal(_ token: String) -> ProbeToken { ProbeToken(rule: .literal(token), description: "literal") }

    /// `{random:N}` becomes N random letters, `{length}` as many as the real token is long;
    /// everything else is kept as written.
    public static func template(_ template: String) -> ProbeToken {
        ProbeToken(rule: .template(template), description: "template \(template)")
    }

    /// Made from the real token by `make`; `name` says how, where the declaration is listed.
    public static func computed(_ name: String, _ make: @escaping @Sendable (_ real: String) -> String) -> ProbeToken {
        ProbeToken(rule: .computed(make), description: name)
    }

    public static func == (lhs: ProbeToken, rhs: ProbeToken) -> Bool {
        switch (lhs.rule, rhs.rule) {
        case (.shaped, .shaped): true
        case let (.literal(a), .literal(b)), let (.template(a), .template(b)): a == b
        case (.computed, .computed): lhs.description == rhs.description
        default: false
        }
    }

    /// A token the server never issued, for a real token like `real`, never one of `avoiding`.
    public func token(like real: String, avoiding: [String] = []) -> String {
        for _ in 0..<8 {
            let candidate: String
            switch rule {
            case .shaped: candidate = Self.shapedJWT(like: real) ?? Self.shaped(like: real)
            case let .literal(token): return token
            case let .template(template): candidate = Self.filled(template, length: real.count)
            case let .computed(make): return make(real)
            }
            if !candidate.isEmpty, candidate != real, !avoiding.contains(candidate) { return candidate }
        }
        // A token with nothing to vary (all punctuation, or empty): lengthen it with letters.
        return real + "deadtoken" + Self.letters(8)
    }

    /// How long a Basic probe's password is, whatever the real one's length.
    static let passwordLength = 20

    /// A wrong password for Basic credentials' probe, sent with the real account. A password is
    /// chosen by a person: its first word, its length and where its punctuation sits narrow it
    /// down, and the probe's is shown in reports and reproduce commands. So the default takes
    /// nothing from it: random letters of a fixed length that hold no run of three characters of
    /// the real one (a template's `{length}` is that fixed length too). A computation is given
    /// the real password, as the API's author declared it.
    public func password(unlike real: String) -> String {
        switch rule {
        case .shaped: Self.letters(Self.passwordLength, sharingNoRunWith: real)
        case let .literal(password): password
        case let .template(template): Self.filled(template, length: Self.passwordLength)
        case let .computed(make): make(real)
        }
    }

    /// `count` random letters in which no three in a row are three in a row of `real`.
    static func letters(_ count: Int, sharingNoRunWith real: String) -> String {
        let characters = Array(real)
        let runs = Set(characters.indices.dropLast(2).map { String(characters[$0..<$0 + 3]) })
        var random = Letters()
        var made: [Character] = []
        while made.count < count {
            // From a random letter on, the first that makes no run of the real one with the two
            // before it; only a password of thousands of characters follows a pair with all 52.
            let start = Int(random.next() % 52)
            let letters = (0..<52).lazy.map { alphabet[(start + $0) % 52] }
            let next = letters.first { made.count < 2 || !runs.contains(String(made.suffix(2) + [$0])) } ?? alphabet[start]
            made.append(next)
        }
        return String(made)
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let asciiAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// The letters' source: seeded once from the system's generator, then a mixer. The system's
    /// generator is a system call per number, and a token is filled a letter at a time: a system
    /// call per letter of a token as long as a server sends. The probe token is no secret; it only must not
    /// be the real one, which `token(like:avoiding:)` checks.
    private struct Letters: RandomNumberGenerator {
        private var state = UInt64.random(in: .min ... .max)

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func ascii() -> UInt8 { ProbeToken.asciiAlphabet[Int(next() % 52)] }
    }

    static func letters(_ count: Int) -> String {
        var random = Letters()
        return String(decoding: (0..<max(0, count)).map { _ in random.ascii() }, as: UTF8.self)
    }

    /// Linear in the token's length, over its UTF-8 bytes when it is ASCII (as tokens are), over
    /// its characters otherwise.
    private static func shaped(like real: String) -> String {
        var random = Letters()
        guard real.utf8.allSatisfy({ $0 < 0x80 }) else { return shapedCharacters(like: real, random: &random) }
        var bytes = Array(real.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        // As `shapedCharacters`: for ASCII, a letter is A-Z or a-z and a number 0-9.
        let letters = bytes.prefix(4).prefix(while: isLetter).count
        let keep = letters > 0 && letters < bytes.count - 8 && !isLetter(bytes[letters]) && !isDigit(bytes[letters]) ? letters + 1 : 0
        for index in bytes.indices.dropFirst(keep) where isLetter(bytes[index]) || isDigit(bytes[index]) {
            bytes[index] = random.ascii()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func shapedCharacters(like real: String, random: inout Letters) -> String {
        var characters = Array(real)
        // A kind prefix helps a server route the token: up to four letters ended by punctuation,
        // never part of the secret itself.
        let letters = characters.prefix(4).prefix(while: \.isLetter).count
        let keep =
            letters > 0 && letters < characters.count - 8 && !characters[letters].isLetter && !characters[letters].isNumber
            ? letters + 1 : 0
        for index in characters.indices.dropFirst(keep) where characters[index].isLetter || characters[index].isNumber {
            characters[index] = alphabet.randomElement(using: &random)!
        }
        return String(characters)
    }

    private static func filled(_ template: String, length: Int) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            if name == "length" {
                result += letters(length)
            } else if name.hasPrefix("random:"), let count = Int(name.dropFirst("random:".count)) {
                result += letters(min(count, 4096))
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
