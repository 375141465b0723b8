import Foundation
import Synchronization

/// Keeps secrets out of every output: known secret values (tokens seen this run, passwords) and
/// the values of fields and query parameters the API names as secret all print as `***`.
public final class Redactor: Sendable {
    public static let mask = "***"

    private let secrets = Mutex<Set<String>>([])
    /// Field and parameter names whose values are secret (`utoken`, `password`, `access_token`).
    public let fieldNames: Set<String>
    private let stringFieldPattern: NSRegularExpression?
    private let scalarFieldPattern: NSRegularExpression?

    public init(fieldNames: Set<String>) {
        self.fieldNames = fieldNames
        let alternatives = fieldNames.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        // "name": "value" in JSON, and name=value in query strings and form bodies.
        stringFieldPattern = fieldNames.isEmpty ? nil : try? NSRegularExpression(
            pattern: "(\"(?:\(alternatives))\"\\s*:\\s*\")(?:[^\"\\\\]++|\\\\.)*+(\")|((?:^|[?&])(?:\(alternatives))=)[^&#\\s\"]*",
            options: [.caseInsensitive])
        // "name": 12345678 or true: a secret need not be a string.
        scalarFieldPattern = fieldNames.isEmpty ? nil : try? NSRegularExpression(
            pattern: "(\"(?:\(alternatives))\"\\s*:\\s*)(?:-?[0-9][0-9.eE+-]*|true|false)",
            options: [.caseInsensitive])
    }

    /// Remembers a secret value (a token just issued, a password read from the environment).
    /// Very short values are ignored: masking every "1" would make output unreadable.
    public func register(_ secret: String) {
        guard secret.count >= 4 else { return }
        secrets.withLock { _ = $0.insert(secret) }
    }

    public func redact(_ text: String) -> String {
        var result = text
        let known = secrets.withLock { $0 }
        for secret in known.sorted(by: { $0.count > $1.count }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Self.mask)
        }
        if let stringFieldPattern {
            let range = NSRange(result.startIndex..., in: result)
            result = stringFieldPattern.stringByReplacingMatches(in: result, range: range, withTemplate: "$1$3\(Self.mask)$2")
        }
        if let scalarFieldPattern {
            let range = NSRange(result.startIndex..., in: result)
            result = scalarFieldPattern.stringByReplacingMatches(in: result, range: range, withTemplate: "$1\"\(Self.mask)\"")
        }
        return result
    }

    /// The first bytes of a body as printable text, redacted: what reports show of a bad answer.
    public func snippet(of body: Data, limit: Int = 120) -> String {
        // Redact before cutting: a secret cut in half is neither a known value nor a whole field.
        var text = redact(String(decoding: body.prefix(64 * 1024), as: UTF8.self))
        text = String(text.unicodeScalars.map { $0.value < 0x20 ? " " : Character($0) })
        text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if text.count > limit { text = String(text.prefix(limit)) + "…" }
        return text
    }


    /// A finding with every text the server may have filled masked.
    public func redact(_ finding: Finding) -> Finding {
        var finding = finding
        finding.message = redact(finding.message)
        finding.expected = finding.expected.map(redact)
        finding.found = finding.found.map(redact)
        return finding
    }

    /// A URL as reports and messages print it: no user or password (either may be a credential),
    /// secret query values masked.
    public func display(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return redact(url.absoluteString) }
        components.user = nil
        components.password = nil
        return redact(components.string ?? url.absoluteString)
    }

    /// A URL with no query at all: for error sources, where the query adds nothing.
    public static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.query = nil
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
