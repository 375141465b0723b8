/// Why a document cannot be imported at all (anything less is an `ImportNote` and the import goes
/// on): every message names what was expected and what the document holds.
public enum OpenAPIImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not JSON; `looksLikeYAML` when it looks like YAML, which the core does not read
    /// (the command line reads it through libyaml first, `YAMLReader`).
    case notJSON(reason: String, looksLikeYAML: Bool)
    case notAnObject(found: String)
    /// A `swagger` version other than 2.0, or an `openapi` version other than 3.0.x and 3.1.x.
    case unsupportedVersion(String)
    case noVersion
    case noOperations

    public var description: String {
        switch self {
        case let .notJSON(reason, looksLikeYAML):
            looksLikeYAML
                ? "the document looks like YAML, not JSON: read it with YAMLDocument.parse (the YAMLReader module) first"
                : "the document is not JSON: \(reason)"
        case let .notAnObject(found):
            "the document is \(found), not an object with 'openapi', 'info' and 'paths'"
        case let .unsupportedVersion(version):
            "the document is \(version); import-openapi reads OpenAPI 3.0.x and 3.1.x and Swagger 2.0"
        case .noVersion:
            "the document has no 'openapi' field (nor 'swagger'): is it an OpenAPI 3.x or Swagger 2.0 document?"
        case .noOperations:
            "the document declares no operation under 'paths'"
        }
    }
}
