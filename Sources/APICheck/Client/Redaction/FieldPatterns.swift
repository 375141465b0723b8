import Foundation
import Synchronization

/// The two expressions that find a secret field's value (`"utoken": "…"`, `access_token=…`,
/// `"pin": 1234`), compiled when a text first names such a field. Compiling them starts ICU's
/// regular-expression engine, a fixed cost that a run whose answers never name a secret field
/// (and every shard of a run is a process of its own) need not pay.
final class FieldPatterns: Sendable {
    struct Compiled: Sendable {
        /// `"name": "value"` in JSON, `name=value` in query strings and form bodies, and a
        /// multipart part named `name`'s value.
        let string: NSRegularExpression
        /// `"name": 12345678`: a secret need not be a string. A boolean holds no secret (a flag
        /// such as `"refresh_token": true` asks for one), and masking it would change what a
        /// reproduce command sends.
        let scalar: NSRegularExpression
    }

    private let fieldNames: Set<String>
    /// Nil until first asked; then the expressions, or nil inside when they do not compile.
    private let compiled = Mutex<Compiled??>(nil)

    init(fieldNames: Set<String>) {
        self.fieldNames = fieldNames
    }

    /// The expressions; nil when there are no field names.
    var expressions: Compiled? {
        guard !fieldNames.isEmpty else { return nil }
        return compiled.withLock { compiled in
            if let done = compiled { return done }
            let made = Self.compile(fieldNames)
            compiled = .some(made)
            return made
        }
    }

    /// Whether the expressions were asked for yet.
    var isCompiled: Bool { compiled.withLock { $0 != nil } }

    private static func compile(_ fieldNames: Set<String>) -> Compiled? {
        let alternatives = fieldNames.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        guard
            let string = try? NSRegularExpression(
                pattern: "(\"(?:\(alternatives))\"\\s*:\\s*\")(?:[^\"\\\\]++|\\\\.)*+(\")|((?:^|[?&])(?:\(alternatives))=)[^&#\\s\"]*"
                    // A multipart part's value: after its headers' blank line, to the line's end.
                    + "|(\\bname=\"(?:\(alternatives))\"[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n)[^\\r\\n]*",
                options: [.caseInsensitive]),
            let scalar = try? NSRegularExpression(
                pattern: "(\"(?:\(alternatives))\"\\s*:\\s*)(?:-?[0-9][0-9.eE+-]*)",
                options: [.caseInsensitive])
        else { return nil }
        return Compiled(string: string, scalar: scalar)
    }
}
