import Foundation
import Synchronization

/// Stable stand-ins for the secrets of recorded answers, applied before anything is written.
///
/// A secret keeps its JSON type, and gets one placeholder for the whole run: the same token is the
/// same stand-in in every file. Placeholders are made from the secret's kind and its rank among
/// the secrets of that kind (the session's token is token 1 in every run), not from its value, so
/// recording again writes the same bytes. A token's stand-in has the token's length and
/// character classes (`2.00ab…` → `7.41Qz…`): replay tests that check a token's form keep working.
public final class SecretPlaceholders: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case token, password, value
    }

    /// Names (any case) whose values are secret wherever they sit: the API's redacted fields.
    public let fieldNames: Set<String>
    /// The subset of those whose values are tokens (the token field, where the token travels).
    public let tokenFields: Set<String>
    /// Extra locations to redact (`--redact $.datas.phone`), `[*]` and `.*` matching any.
    public let paths: [JSONPath]

    private struct Entry {
        var placeholder: String
        /// The secret as it may appear inside a longer text, each with its stand-in.
        var forms: [(secret: String, placeholder: String)]
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var counts: [Kind: Int] = [:]
        /// Every form of every secret, longest first: a short secret inside a long one must not
        /// break the long one's replacement. Sorted when read, not on every registration: a capture
        /// with a token per entry registers 100k of them.
        private var unsortedForms: [(secret: String, placeholder: String)] = []
        private var sorted = true

        mutating func add(_ new: [(secret: String, placeholder: String)]) {
            guard !new.isEmpty else { return }
            unsortedForms += new
            sorted = false
        }

        var forms: [(secret: String, placeholder: String)] {
            mutating get {
                if !sorted {
                    unsortedForms.sort { $0.secret.count > $1.secret.count }
                    sorted = true
                }
                return unsortedForms
            }
        }
    }

    private let state = Mutex(State())

    public init(fieldNames: Set<String>, tokenFields: Set<String> = [], paths: [JSONPath] = []) {
        self.fieldNames = Set(fieldNames.map { $0.lowercased() })
        self.tokenFields = Set(tokenFields.map { $0.lowercased() })
        self.paths = paths
    }

    /// The API's secrets: its redacted fields, its token field and the name the token travels under.
    public convenience init(api: API, paths: [JSONPath] = []) {
        var tokenFields: Set<String> = []
        if let field = api.auth.tokenField { tokenFields.insert(String(field.split(separator: ".").last ?? Substring(field))) }
        tokenFields.insert(api.auth.placement.name)
        self.init(fieldNames: api.redactedFields.union(["authorization"]), tokenFields: tokenFields, paths: paths)
    }

    /// Every secret registered so far (for proofs that none was written).
    public var secrets: [String] { state.withLock { $0.entries.keys.filter { !$0.hasPrefix(Self.numberKey) } } }

    /// Entries that are no secrets of their own (numbers, pinned values) are kept under this prefix.
    private static let numberKey = "\u{0}number:"

    /// A value found in an answer under a secret name or path is searched for in other texts
    /// only from this length on: a short one (`LLM`, `gpt-4`) inside a longer text is far more
    /// likely ordinary data than the secret, and replacing it there rewrites that data.
    static let shortestSearchedValue = 8

    /// A secret number's stand-in, by rank like the others: a hash of a short number would give
    /// it away. Replaced where it sits only: a credential is a string, and the digits of a number
    /// inside other texts are most likely other numbers.
    private func numberPlaceholder(_ text: String) -> String {
        state.withLock { state in
            if let entry = state.entries[Self.numberKey + text] { return entry.placeholder }
            let rank = state.counts[.value, default: 0] + 1
            state.counts[.value] = rank
            let placeholder = Self.numberLookalike(text, seed: Self.seed("number#\(rank)"))
            state.entries[Self.numberKey + text] = Entry(placeholder: placeholder, forms: [])
            return placeholder
        }
    }

    /// A string found under a secret name or path: a secret of the run, searched for everywhere,
    /// when it is long enough to be a credential; else replaced where it sits only.
    private func registerFound(_ text: String, as kind: Kind) -> String {
        if text.count >= Self.shortestSearchedValue { return register(text, as: kind) }
        return state.withLock { state in
            if let entry = state.entries[text] ?? state.entries[Self.numberKey + "short:" + text] { return entry.placeholder }
            let rank = state.counts[kind, default: 0] + 1
            state.counts[kind] = rank
            let placeholder = Self.makePlaceholder(for: text, kind: kind, rank: rank)
            state.entries[Self.numberKey + "short:" + text] = Entry(placeholder: placeholder, forms: [])
            return placeholder
        }
    }

    /// Remembers a secret; returns its placeholder. Values shorter than four characters are not
    /// searched for inside texts (masking every "1" would wreck the answer), but a field that is
    /// secret by name is replaced whatever its length.
    @discardableResult
    public func register(_ secret: String, as kind: Kind) -> String {
        state.withLock { state in
            if let entry = state.entries[secret] { return entry.placeholder }
            let rank = state.counts[kind, default: 0] + 1
            state.counts[kind] = rank
            let placeholder = Self.makePlaceholder(for: secret, kind: kind, rank: rank)
            var forms: [(String, String)] = []
            if secret.count >= 4 {
                forms.append((secret, placeholder))
                let escaped = RequestBuilder.escape(secret)
                if escaped != secret { forms.append((escaped, RequestBuilder.escape(placeholder))) }
                let base64 = Data(secret.utf8).base64EncodedString()
                let placeholder64 = Data(placeholder.utf8).base64EncodedString()
                forms.append((base64, placeholder64))
                let url64 = Self.base64URL(base64), placeholderURL64 = Self.base64URL(placeholder64)
                if url64 != base64 { forms.append((url64, placeholderURL64)) }
            }
            state.entries[secret] = Entry(placeholder: placeholder, forms: forms)
            state.add(forms)
            return placeholder
        }
    }

    /// Replaces a value that changes from run to run (the run id in a unique account name) by a
    /// fixed text, so that recording twice writes the same bytes. Not a secret: nothing checks
    /// that it is gone.
    public func pin(_ value: String, to replacement: String) {
        guard value.count >= 4 else { return }
        state.withLock { state in
            guard state.entries[value] == nil else { return }
            state.entries[Self.numberKey + "pin:" + value] = Entry(placeholder: replacement, forms: [(value, replacement)])
            state.add([(value, replacement)])
        }
    }

    /// A document with every secret replaced: values of secret fields and of `paths`, and known
    /// secrets wherever they appear inside a text (raw, percent-encoded, base64).
    public func redact(_ document: JSONValue) -> JSONValue { redact(document, alsoAt: []) }

    /// The same, with the locations one endpoint declares secret too (`Endpoint.redacting(_:)`).
    public func redact(_ document: JSONValue, alsoAt endpointPaths: [JSONPath]) -> JSONValue {
        registerShaped(in: document)
        let forms = state.withLock { $0.forms }
        var path: [JSONPath.Component] = []
        return redact(document, path: &path, forms: forms, paths: paths + endpointPaths)
    }

    /// A text with every known secret replaced.
    public func redact(text: String) -> String {
        Self.replace(in: text, state.withLock { $0.forms })
    }

    private func redact(
        _ value: JSONValue, path: inout [JSONPath.Component],
        forms: [(secret: String, placeholder: String)], paths: [JSONPath]
    ) -> JSONValue {
        if !paths.isEmpty, paths.contains(where: { Self.matches($0.components, path) }) { return scrub(value, .value) }
        switch value {
        case let .string(text):
            return .string(Self.replace(in: text, forms))
        case let .array(items):
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                out.append(redact(item, path: &path, forms: forms, paths: paths))
                path.removeLast()
            }
            return .array(out)
        case let .object(members):
            return .object(
                members.map { member in
                    let name = member.key.lowercased()
                    path.append(.key(member.key))
                    defer { path.removeLast() }
                    if fieldNames.contains(name) || tokenFields.contains(name) {
                        return (member.key, scrubMember(member.value, kind(ofField: name), path: &path, forms: forms, paths: paths))
                    }
                    return (member.key, redact(member.value, path: &path, forms: forms, paths: paths))
                })
        case .null, .bool, .number:
            return value
        }
    }

    private func kind(ofField name: String) -> Kind {
        if tokenFields.contains(name) || name == "authorization" { return .token }
        return name.contains("password") || name.contains("passwd") ? .password : .value
    }

    /// The value of a member named as a secret. A credential is a string (or a number: a PIN), so
    /// those are replaced; an object under such a name (`"value": {"string_value": …}`) is
    /// ordinary data and is walked as any other, its own secret members replaced; a list's items
    /// are each taken as the member's value.
    private func scrubMember(
        _ value: JSONValue, _ kind: Kind, path: inout [JSONPath.Component],
        forms: [(secret: String, placeholder: String)], paths: [JSONPath]
    ) -> JSONValue {
        switch value {
        case .string, .number, .null, .bool: return scrub(value, kind)
        case .object: return redact(value, path: &path, forms: forms, paths: paths)
        case let .array(items):
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                out.append(scrubMember(item, kind, path: &path, forms: forms, paths: paths))
                path.removeLast()
            }
            return .array(out)
        }
    }

    /// Every scalar under a secret location, replaced keeping its type. Booleans and null say
    /// too little to hide.
    private func scrub(_ value: JSONValue, _ kind: Kind) -> JSONValue {
        switch value {
        case let .string(text): return .string(text.isEmpty ? text : registerFound(text, as: kind))
        case let .number(text): return .number(numberPlaceholder(text))
        case let .array(items): return .array(items.map { scrub($0, kind) })
        case let .object(members): return .object(members.map { ($0.key, scrub($0.value, kind)) })
        case .null, .bool: return value
        }
    }

    static func matches(_ pattern: [JSONPath.Component], _ path: [JSONPath.Component]) -> Bool {
        guard pattern.count == path.count else { return false }
        for (wanted, actual) in zip(pattern, path) {
            switch (wanted, actual) {
            case (.anyIndex, .index), (.anyKey, .key): continue
            default: if wanted != actual { return false }
            }
        }
        return true
    }

    private static func replace(in text: String, _ forms: [(secret: String, placeholder: String)]) -> String {
        var text = text
        for form in forms where text.contains(form.secret) {
            text = text.replacingOccurrences(of: form.secret, with: form.placeholder)
        }
        return text
    }

    private static func base64URL(_ base64: String) -> String {
        base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .trimmingCharacters(in: CharacterSet(charactersIn: "="))
    }
}
