/// One error answer an operation declares (a 4xx, a 5xx, `4XX`, `default`), as `ErrorMapping`
/// reads it: the status its mocks are pinned to, its JSON schema's fields and its examples.
struct ImportedErrorAnswer: Equatable {
    struct Example: Equatable {
        /// The key in `examples`; nil for the media type's single `example`.
        var name: String?
        var value: JSONValue
    }

    /// The key in `responses`: `404`, `4XX`, `default`.
    var key: String
    /// The status a mock of it is replayed with: the key's, else 400 for `4XX` and 500 for `5XX`
    /// and `default` (an error of unknown kind is the server's).
    var status: Int
    /// The content's media type; nil for an answer without content.
    var mediaType: String?
    /// The media type of an answer whose content is only types that are not JSON (Phoenix's
    /// `text/plain` 401): the endpoint declares it (`answeringErrors(_:in:)`). Nil otherwise, and
    /// for a range (`*/*`), which names no type.
    var otherMediaType: String? = nil
    /// The schema, references followed; nil without one.
    var schema: JSONValue?
    /// Its schema is a reference that leads nowhere the import reads.
    var schemaUnreachable = false
    var examples: [Example]
    /// Where it is in the document, as JSON pointer tokens: its media type's
    /// (`paths`, `/pets`, `get`, `responses`, `404`, `content`, `application/json`), or the
    /// answer's for one without content.
    var tokens: [String]
    /// The answer's `description`, which may say what it answers (missing credentials).
    var description: String? = nil
    /// The document says a request without credentials gets this answer too
    /// (`x-apicheck-missing-token`, as `apicheck openapi` writes a dead-token answer that is
    /// also the missing-token one): a description's "missing or invalid" is not read so.
    var answersMissingToken = false
    /// The extension that says so.
    static let missingTokenExtension = "x-apicheck-missing-token"

    /// Whether it is RFC 9457 problem details by its media type.
    var isProblemJSON: Bool { mediaType?.lowercased().hasPrefix("application/problem+json") ?? false }

    /// The status a `responses` key stands for; nil for a success key.
    static func status(ofKey key: String) -> Int? {
        if let status = Int(key) { return (400...599).contains(status) ? status : nil }
        switch key.uppercased() {
        case "4XX": return 400
        case "5XX", "DEFAULT": return 500
        default: return nil
        }
    }
}
