import Foundation

/// A request exactly as a run sent it (method, URL with every query value as encoded on the wire,
/// headers, body), with each secret replaced by the shell variable a person sets to send it again:
/// the token as `$TOKEN`, a value taken from the environment as that variable. What reports turn
/// into a reproduce command (`ReproduceCommand`).
public struct SentRequest: Sendable, Equatable {
    /// Literal text, or a shell variable standing for a secret.
    public enum Piece: Sendable, Equatable {
        case text(String)
        case variable(String)
    }

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: [Piece]
    }

    /// A secret value the request may carry, and the variable that stands for it.
    public struct Variable: Sendable, Equatable {
        public var value: String
        public var name: String
        /// Written out as it is rather than as `$name`: a token no server issued (a probe's fake).
        public var literal: Bool
        /// Where the run put the value, for a parameter's sample: a path segment that equals
        /// another variable's value too (the token itself) is said as the path's own.
        public var location: Parameter.Location?

        public init(value: String, name: String, literal: Bool = false, location: Parameter.Location? = nil) {
            self.value = value
            self.name = name
            self.literal = literal
            self.location = location
        }
    }

    public var method: String
    public var url: [Piece]
    public var headers: [Header]
    public var body: [Piece]?
    /// The body is bytes, not text (a `multipart/form-data` upload, whose files may hold any
    /// byte, or a file sent as the body): each text piece's scalars are its bytes
    /// (U+0000–U+00FF), and the reproduce command writes them out byte for byte.
    public var bodyIsBytes = false
    /// The run followed a redirect of the target's own origin to its answer: the command follows
    /// it too (`curl -L`), or it would show the redirect rather than the answer judged.
    public var followsRedirects = false
    /// Variables of the query or of a form body whose values the request had to encode (a `+`,
    /// `&`, `#`, a space): written into the command as they are, they would send another value,
    /// so the command has curl encode them (`--url-query`, `--data-urlencode`).
    public var encodedVariables: Set<String> = []
    /// Where the request's `Authorization: Basic` credentials come from: the account's and the
    /// password's variables, which the command gives curl (`-u "$ACCOUNT:$PASSWORD"`) since no
    /// one keeps their base64 in a variable of its own.
    public var basicVariables: BasicVariables?

    public struct BasicVariables: Sendable, Equatable {
        public var account: String
        public var password: String

        public init(account: String, password: String) {
            self.account = account
            self.password = password
        }
    }

    /// Variables stand for whole values only (a path segment, a query value, a header value after
    /// its scheme, a JSON string or number), never for a part of one that happens to match. A header `isSecret`
    /// says is a credential shows as `***` when no variable stands for it. A number in a JSON body
    /// field named in `secretFields` that no variable stands for becomes one named after the field
    /// (`"pin": 1234` as `"pin":$PIN`): masked as `"***"` it would be a string, and the command
    /// would send another type than the run did.
    public init(_ request: HTTPRequest, variables: [Variable], isSecret: (String) -> Bool, secretFields: Set<String> = []) {
        let variables = variables.filter { !$0.value.isEmpty }
        let literals = Dictionary(variables.filter(\.literal).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        method = request.method.rawValue
        var encoded: Set<String> = []
        url = Self.url(request.url.absoluteString, variables, encoded: &encoded)
        headers = request.headers.map { header in
            // The whole value, or the value after its scheme (`Bearer <token>`).
            if let variable = variables.first(where: { header.value == $0.value || header.value.hasSuffix(" " + $0.value) }) {
                let prefix = String(header.value.dropLast(variable.value.count))
                return Header(name: header.name, value: Self.joined([.text(prefix), .variable(variable.name)]))
            }
            return Header(name: header.name, value: [.text(isSecret(header.name) ? Redactor.mask : header.value)])
        }
        let form = request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        // A multipart upload, or any body no shell word can hold (a NUL, bytes that are not
        // UTF-8: a file sent as the body), goes byte for byte.
        let multipart = request.header("Content-Type").map(MultipartBody.mediaType) == "multipart/form-data"
        if let data = request.body, multipart || data.contains(0) || String(validating: data, as: UTF8.self) == nil {
            body = multipart ? Self.multipartPieces(data, variables) : [.text(Self.byteText(data))]
            bodyIsBytes = true
            encodedVariables = encoded
            if !literals.isEmpty { writeOut(literals) }
            return
        }
        body = request.body.map { data in
            let text = String(decoding: data, as: UTF8.self)
            return form
                ? Self.pairs(text[...], variables, encoded: &encoded) : Self.secretNumbers(Self.body(text, variables), fields: secretFields)
        }
        encodedVariables = encoded
        if !literals.isEmpty { writeOut(literals) }
    }

    /// Literal variables become the text they stand for.
    private mutating func writeOut(_ literals: [String: String]) {
        encodedVariables.subtract(literals.keys)
        // Encoded as the place the variable stood for: a query value, a header, a JSON string.
        func written(_ pieces: [Piece], _ encode: (String) -> String) -> [Piece] {
            Self.joined(
                pieces.map { piece in
                    if case let .variable(name) = piece, let value = literals[name] { return .text(encode(value)) }
                    return piece
                })
        }
        url = written(url, RequestBuilder.escape)
        headers = headers.map { Header(name: $0.name, value: written($0.value) { $0 }) }
        let bytes = bodyIsBytes
        body = body.map {
            written($0) { bytes ? Self.byteText(Data($0.utf8)) : String(JSONValue.string($0).compactText.dropFirst().dropLast()) }
        }
    }

    /// The path's and the query's values that are a secret's, as the request builder encoded
    /// them, become variables. A probe's literal one is left in the path as it went: written out,
    /// it would be encoded as a query value is.
    private static func url(_ text: String, _ variables: [Variable], encoded: inout Set<String>) -> [Piece] {
        let question = text.firstIndex(of: "?") ?? text.endIndex
        let path = pathPieces(text[..<question], variables.filter { !$0.literal })
        guard question < text.endIndex else { return path }
        return joined(path + [.text("?")] + pairs(text[text.index(after: question)...], variables, encoded: &encoded))
    }

    /// `name=value&…` (a query, a form body): values that are a secret's, as the request builder
    /// encoded them, become variables.
    private static func pairs(_ text: Substring, _ variables: [Variable], encoded: inout Set<String>) -> [Piece] {
        var pieces: [Piece] = []
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false)
        for (index, pair) in pairs.enumerated() {
            let separator = index == 0 ? "" : "&"
            if let equals = pair.firstIndex(of: "="),
                let variable = variables.first(where: { RequestBuilder.escape($0.value) == pair[pair.index(after: equals)...] })
            {
                pieces += [.text(separator + pair[...equals]), .variable(variable.name)]
                if !Self.standsInAQuery(variable.value) { encoded.insert(variable.name) }
            } else {
                pieces.append(.text(separator + pair))
            }
        }
        return joined(pieces)
    }

    /// Whether a value written into a query or form as it is reads as itself: no separator (`&`,
    /// `#`), no `+` (a space to a form's reader), no `%`, no space, nothing past printable ASCII.
    /// `/`, `:`, `=` and the like, which the run encoded, read the same either way.
    static func standsInAQuery(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "-._~/:@!$'()*,;=?".utf8.contains(byte)
            }
        }
    }

    /// JSON string values that are a secret's become variables inside their quotes; a key that
    /// happens to equal one (followed by `:`) stays. A secret that is a JSON number (`"pin": 1234`
    /// from `$PIN`) becomes the variable without quotes where it stands as a member's whole value,
    /// so the command sends a number again.
    private static func body(_ text: String, _ variables: [Variable]) -> [Piece] {
        var pieces: [Piece] = [.text(text)]
        for variable in variables {
            let quoted = JSONValue.string(variable.value).compactText
            pieces = pieces.flatMap { piece -> [Piece] in
                guard case let .text(text) = piece else { return [piece] }
                var out: [Piece] = [], rest = Substring(text)
                while let range = rest.range(of: quoted) {
                    if rest[range.upperBound...].first == ":" {
                        out.append(.text(String(rest[..<range.upperBound])))
                    } else {
                        out += [.text(rest[..<range.lowerBound] + "\""), .variable(variable.name), .text("\"")]
                    }
                    rest = rest[range.upperBound...]
                }
                return out + [.text(String(rest))]
            }
            if isJSONNumber(variable.value) {
                pieces = pieces.flatMap { piece -> [Piece] in
                    guard case let .text(text) = piece else { return [piece] }
                    return bareValues(in: text, where: { $0 == variable.value }, name: { _ in variable.name })
                }
            }
        }
        return joined(pieces)
    }

    /// A number that is a secret field's whole value becomes a variable named after the field.
    private static func secretNumbers(_ pieces: [Piece], fields: Set<String>) -> [Piece] {
        guard !fields.isEmpty else { return pieces }
        let lowered = Dictionary(fields.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return joined(
            pieces.flatMap { piece -> [Piece] in
                guard case let .text(text) = piece else { return [piece] }
                return bareValues(in: text, where: { _ in true }) { key in
                    guard let field = lowered[key.lowercased()] else { return nil }
                    return variableName(field)
                }
            })
    }

    /// `text` with each member value that is a bare JSON number (after `"key":`) and that `matches`
    /// replaced by the variable `name` gives for its key (none: it stays).
    private static func bareValues(in text: String, where matches: (String) -> Bool, name: (String) -> String?) -> [Piece] {
        guard let pattern = try? NSRegularExpression(pattern: #"("((?:[^"\\]|\\.)*)"\s*:\s*)(-?[0-9][0-9.eE+-]*)(?=\s*[,}\]]|\s*$)"#)
        else { return [.text(text)] }
        let units = Array(text.utf16)
        var out: [Piece] = [], position = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: units.count)) {
            let value = match.range(at: 3), keyRange = match.range(at: 2)
            let number = String(decoding: units[value.location..<NSMaxRange(value)], as: UTF16.self)
            let key = String(decoding: units[keyRange.location..<NSMaxRange(keyRange)], as: UTF16.self)
            guard matches(number), let variable = name(key) else { continue }
            out.append(.text(String(decoding: units[position..<value.location], as: UTF16.self)))
            out.append(.variable(variable))
            position = NSMaxRange(value)
        }
        out.append(.text(String(decoding: units[position...], as: UTF16.self)))
        return out
    }

    private static func isJSONNumber(_ text: String) -> Bool {
        guard let value = try? JSONParser.parse(text), case .number = value else { return false }
        return true
    }

    /// A shell variable's name for a field: `pin` as `PIN`, `card-pin` as `CARD_PIN`.
    static func variableName(_ field: String) -> String {
        let name = String(
            field.uppercased().unicodeScalars.map { scalar -> Character in
                ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            })
        return name.first.map { ("0"..."9").contains($0) } == true ? "_" + name : name
    }

    /// Adjacent texts merged, empty ones dropped.
    static func joined(_ pieces: [Piece]) -> [Piece] {
        var out: [Piece] = []
        for piece in pieces {
            if case let .text(text) = piece {
                if text.isEmpty { continue }
                if case let .text(before)? = out.last { out[out.count - 1] = .text(before + text); continue }
            }
            out.append(piece)
        }
        return out
    }

    /// Every literal text passed through `transform` (the redactor); variables stay. A query name
    /// right before a variable (`access_token=`) ends in an empty value that the redactor masks
    /// as any empty secret: the variable is its value, so that mask is taken off again.
    public func mappingText(_ transform: (String) -> String) -> SentRequest {
        func map(_ pieces: [Piece]) -> [Piece] {
            pieces.indices.map { index in
                guard case let .text(text) = pieces[index] else { return pieces[index] }
                var mapped = transform(text)
                if index + 1 < pieces.count, case .variable = pieces[index + 1], text.hasSuffix("="),
                    mapped.hasSuffix("=" + Redactor.mask)
                {
                    mapped.removeLast(Redactor.mask.count)
                }
                return .text(mapped)
            }
        }
        var request = self
        request.url = map(url)
        request.headers = headers.map { Header(name: transform($0.name), value: map($0.value)) }
        request.body = body.map(map)
        return request
    }
}
