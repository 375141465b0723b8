import Foundation
import Synchronization

/// Keeps secrets out of every output: known secret values (tokens seen this run, passwords,
/// credential headers), the values of fields and query parameters the API names as secret, and
/// tokens shaped as credentials (`CredentialShape`: a JWT in any answer) all print as `***`, in whatever form they arrive: as they are, JSON-escaped (`\/`, `\u002f`,
/// surrogate pairs), percent-encoded (either case, `+` for a space), as XML character references,
/// or several of those nested. Every text that leaves the process passes through here: reports
/// through `redact(_: Report)`, the `--verbose` trace through `traceText(_:)`.
public final class Redactor: Sendable {
    public static let mask = "***"
    /// How much of a body a snippet reads, and how much of that it drops at the end: far more than
    /// any encoded secret is long.
    static let snippetBytes = 16 * 1024
    static let snippetMargin = 1024

    /// Registered secrets, longest first, as UTF-16 (what `DecodedText` searches).
    private let secrets = Mutex<[[UInt16]]>([])
    /// The secrets registered so far, as given: the session's token is registered again with
    /// every request it goes out with, and its normalised forms are worth working out once, not
    /// per request (their cost grows with the token's length). Bytes, not Strings: a String
    /// hashes through normalisation.
    let registered = Mutex<Set<[UInt8]>>([])
    /// Field and parameter names whose values are secret (`utoken`, `password`, `access_token`).
    public let fieldNames: Set<String>
    private let lowercasedFieldNames: [[UInt16]]
    /// The field names in lower case as bytes, for the quick look that clears a plain text; nil
    /// when a name is not ASCII (the patterns then fold case as Unicode does).
    private let asciiFieldNames: [[UInt8]]?
    private let fieldPatterns: FieldPatterns

    /// Whether the secret fields' expressions were compiled: only once a text named a field.
    var fieldPatternsCompiled: Bool { fieldPatterns.isCompiled }

    /// Header names whose values are credentials whatever the API declares.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    public init(fieldNames: Set<String>, secrets: [String] = []) {
        self.fieldNames = fieldNames
        lowercasedFieldNames = fieldNames.map { Array($0.lowercased().utf16) }
        asciiFieldNames = fieldNames.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } ? fieldNames.map { Array($0.lowercased().utf8) } : nil
        fieldPatterns = FieldPatterns(fieldNames: fieldNames)
        for secret in secrets { register(secret) }
    }

    /// A redactor primed with `api`'s secret field names and the credentials among its default
    /// headers (a fixed `Authorization` value is as secret as a token).
    public convenience init(api: API) {
        let names = api.redactedFields
        let lowered = Set(names.map { $0.lowercased() })
        var secrets: [String] = []
        for header in api.defaultHeaders
        where Self.credentialHeaders.contains(header.name.lowercased())
            || lowered.contains(header.name.lowercased())
        {
            secrets.append(header.value)
            // `Bearer abc`, `Basic dXNlcjpwYXNz`: the credential alone may be echoed too.
            if let space = header.value.firstIndex(of: " ") { secrets.append(String(header.value[space...].dropFirst())) }
        }
        self.init(fieldNames: names, secrets: secrets)
    }

    /// Remembers a secret value (a token just issued, a password read from the environment).
    /// Very short values are ignored: masking every "1" would make output unreadable.
    /// Composed and decomposed forms count as the same secret (`é` as U+00E9 or `e` + U+0301): a
    /// server may normalise what it echoes.
    public func register(_ secret: String) {
        // At least four characters, found without counting them all: a token may be megabytes.
        guard !secret.dropFirst(3).isEmpty else { return }
        guard registered.withLock({ $0.insert(Array(secret.utf8)).inserted }) else { return }
        // Compared as UTF-16: Swift's `==` holds the two forms equal, which is the point here.
        // ASCII is its own composed and decomposed form: a token (ASCII as a rule) is not
        // normalised twice through Foundation, which would cost more than the rest of a login's
        // handling of a huge token.
        let ascii = secret.utf8.allSatisfy { $0 < 0x80 }
        let forms = ascii ? [secret] : [secret, secret.precomposedStringWithCanonicalMapping, secret.decomposedStringWithCanonicalMapping]
        secrets.withLock { secrets in
            for form in forms.map({ Array($0.utf16) }) where !secrets.contains(form) { secrets.append(form) }
            secrets.sort { $0.count > $1.count }
        }
    }

    /// How many forms of secrets are known so far: it only grows, and only once a secret can be
    /// matched, so a text masked at one count is masked the same way while the count stays
    /// (`MaskedTargets` in serve).
    package var secretCount: Int { secrets.withLock { $0.count } }

    /// The credentials in a URL's user info: each part, and the `Basic` value libcurl sends for them
    /// (a server that echoes its `Authorization` header echoes that).
    public func registerCredentials(in url: URL) {
        let user = url.user(percentEncoded: false), password = url.password(percentEncoded: false)
        for part in [user, password] { if let part, !part.isEmpty { register(part) } }
        if let user, let password { register(Data("\(user):\(password)".utf8).base64EncodedString()) }
    }

    /// Whether a header's value is a credential: `Authorization` and its kin, or a name the API
    /// lists as secret (`utoken` sent as a header).
    public func isSecretHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return Self.credentialHeaders.contains(lowered) || fieldNames.contains { $0.lowercased() == lowered }
    }

    /// `text` with every form of every secret masked.
    public func redact(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        // A token of a credential's shape is a secret before anything names it, and from then on
        // in every form and every later text (`CredentialShape`).
        let units = Array(text.utf16)
        for range in CredentialShape.ranges(in: units) { register(String(decoding: units[range], as: UTF16.self)) }
        let known = secrets.withLock { $0 }
        guard !known.isEmpty || !fieldNames.isEmpty else { return text }
        if known.isEmpty, isPlain(text) { return text }
        var spans: [Span] = []
        for (index, view) in DecodedText(text).views().enumerated() {
            for secret in known { spans += occurrences(of: secret, in: view.units).map { Span(view.originalSpan($0)) } }
            spans += fieldSpans(in: view, isOriginal: index == 0)
            if index > 0 { spans += CredentialShape.ranges(in: view.units).map { Span(view.originalSpan($0)) } }
        }
        return Self.masking(spans, in: text)
    }

    /// The first bytes of a body on one line, redacted: what reports and the trace show of an
    /// answer. Control characters other than whitespace are left for `DisplayText` to show.
    public func snippet(of body: Data, limit: Int = 120) -> String {
        // Redact before cutting: a secret cut in half is neither a known value nor a whole field.
        // Only a prefix is read; its last characters, where the prefix may have cut a secret, are
        // dropped after redaction (collapsed whitespace could otherwise bring them into view).
        let prefix = body.prefix(Self.snippetBytes)
        var text = redact(String(decoding: prefix, as: UTF8.self))
        if body.count > prefix.count { text = String(text.dropLast(Self.snippetMargin)) }
        var flat = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if flat.count > limit { flat = String(flat.prefix(limit)) + "…" }
        return flat
    }

    /// Whether `text` can hold no secret field when no secret value is known: ASCII with nothing
    /// encoded (no `\\`, `%`, `+` or `&`, which start every layer `DecodedText` undoes) and no
    /// field name in any case. One pass over the bytes instead of the decodings and the patterns:
    /// serve's request log redacts every line it writes.
    private func isPlain(_ text: String) -> Bool {
        guard let names = asciiFieldNames else { return false }
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes
            where byte >= 0x80 || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "&")
            {
                return false
            }
            @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            for name in names where !name.isEmpty && bytes.count >= name.count {
                search: for start in 0...(bytes.count - name.count) where folded(bytes[start]) == name[0] {
                    for offset in 1..<name.count where folded(bytes[start + offset]) != name[offset] { continue search }
                    return false
                }
            }
            return true
        }
    }

    /// A finding with every text the server may have filled masked, its message then cut to
    /// `Finding.messageLimit`.
    public func redact(_ finding: Finding) -> Finding {
        Self.cut(finding.mappingText { text, _ in redact(text) })
    }

    /// A line of the `--verbose` trace as it may reach a terminal: redacted, and every control or
    /// bidi character shown as an escape. Newlines are the trace's own layout.
    public func traceText(_ line: String) -> String {
        DisplayText.escaped(redact(line), keepNewlines: true)
    }

    /// A URL as reports and messages print it: no user or password, no fragment, secret query
    /// values masked (see `URLDisplay`).
    public func display(_ url: URL) -> String {
        redact(URLDisplay.string(url, query: true))
    }

    /// A URL with no query at all: for error sources, where the query adds nothing.
    public static func withoutQuery(_ url: URL) -> String {
        URLDisplay.string(url, query: false)
    }

    // MARK: - Matching

    /// A span of the original text to mask; `quoted` when a bare JSON scalar becomes `"***"`.
    private struct Span {
        var range: Range<Int>
        var quoted = false

        init(_ range: Range<Int>, quoted: Bool = false) {
            self.range = range
            self.quoted = quoted
        }
    }

    /// Where `needle` occurs in `haystack`, without overlaps; with `foldingASCIICase`, `A-Z` in
    /// the haystack match `a-z` in the (lower-case) needle.
    private func occurrences(of needle: [UInt16], in haystack: [UInt16], foldingASCIICase: Bool = false) -> [Range<Int>] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var found: [Range<Int>] = []
        haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { needle in
                @inline(__always) func unit(_ index: Int) -> UInt16 {
                    let unit = hay[index]
                    return foldingASCIICase && unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit
                }
                let first = needle[0]
                var index = 0
                let last = hay.count - needle.count
                search: while index <= last {
                    guard unit(index) == first else { index += 1; continue }
                    for offset in 1..<needle.count where unit(index + offset) != needle[offset] {
                        index += 1
                        continue search
                    }
                    found.append(index..<index + needle.count)
                    index += needle.count
                }
            }
        }
        return found
    }

    /// The values of secret fields in one view: `"utoken": "…"`, `"pin": 1234`, `access_token=…`.
    private func fieldSpans(in view: DecodedText, isOriginal: Bool) -> [Span] {
        guard !fieldNames.isEmpty else { return [] }
        // The expressions run only on a view that names a secret field: most text names none.
        if !lowercasedFieldNames.contains(where: { !occurrences(of: $0, in: view.units, foldingASCIICase: true).isEmpty }) { return [] }
        guard let patterns = fieldPatterns.expressions else { return [] }
        let string = view.string
        // A lone surrogate from a `\uD800` escape reads back as U+FFFD: one unit for one, so the
        // offsets still agree; anything else would be a bug, and is skipped rather than misplaced.
        guard string.utf16.count == view.units.count else { return [] }
        let whole = NSRange(location: 0, length: view.units.count)
        var spans: [Span] = []
        for match in patterns.string.matches(in: string, range: whole) {
            let value: Range<Int>
            if match.range(at: 1).location != NSNotFound {
                value = NSMaxRange(match.range(at: 1))..<match.range(at: 2).location
            } else if match.range(at: 3).location != NSNotFound {
                value = NSMaxRange(match.range(at: 3))..<NSMaxRange(match.range)
            } else {
                value = NSMaxRange(match.range(at: 4))..<NSMaxRange(match.range)
            }
            // An empty secret still becomes `***` in the text as it is; in a view it has no span.
            if !value.isEmpty || isOriginal { spans.append(Span(view.originalSpan(value))) }
        }
        for match in patterns.scalar.matches(in: string, range: whole) {
            let value = NSMaxRange(match.range(at: 1))..<NSMaxRange(match.range)
            spans.append(Span(view.originalSpan(value), quoted: isOriginal))
        }
        return spans
    }

    /// `text` with each span (merged where they overlap or touch) replaced by the mask.
    private static func masking(_ spans: [Span], in text: String) -> String {
        guard !spans.isEmpty else { return text }
        var merged: [Span] = []
        for span in spans.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            if let last = merged.last, span.range.lowerBound <= last.range.upperBound {
                let combined = last.range.lowerBound..<max(last.range.upperBound, span.range.upperBound)
                let quoted = (combined == last.range && last.quoted) || (combined == span.range && span.quoted)
                merged[merged.count - 1] = Span(combined, quoted: quoted)
            } else {
                merged.append(span)
            }
        }
        let units = Array(text.utf16)
        var output: [UInt16] = []
        output.reserveCapacity(units.count)
        var position = 0
        for span in merged {
            output += units[position..<span.range.lowerBound]
            output += (span.quoted ? "\"\(mask)\"" : mask).utf16
            position = span.range.upperBound
        }
        output += units[position...]
        return String(decoding: output, as: UTF16.self)
    }
}
