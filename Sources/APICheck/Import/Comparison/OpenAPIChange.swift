/// One difference between the document a package was imported from and a newer one, as
/// `import-openapi --check` lists it: where it is, what changed, and whether the Swift client
/// the package declares stops working against a server that follows the newer document.
///
/// "Breaking" takes the generated client as it is, talking to the newer server: an answer it can
/// no longer decode (a field it requires made optional, nullable or removed; a type changed; a
/// `oneOf` branch it cannot pick), a request the server may refuse (a new required parameter or
/// field; an enum value it may send removed), an endpoint gone or renamed. What the client reads
/// past or never sends is not breaking (a new optional field, a new response field, a removed
/// response enum value; a new string enum value in an answer decodes as `.unknown`).
public struct OpenAPIChange: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case operationAdded = "operation-added"
        case operationRemoved = "operation-removed"
        case operationRenamed = "operation-renamed"
        case parameterAdded = "parameter-added"
        case parameterRemoved = "parameter-removed"
        case parameterRenamed = "parameter-renamed"
        case bodyAdded = "body-added"
        case bodyRemoved = "body-removed"
        case fieldAdded = "field-added"
        case fieldRemoved = "field-removed"
        case madeRequired = "made-required"
        case madeOptional = "made-optional"
        case madeNullable = "made-nullable"
        case madeNonNullable = "made-non-nullable"
        case typeChanged = "type-changed"
        case enumValueAdded = "enum-value-added"
        case enumValueRemoved = "enum-value-removed"
        case branchAdded = "branch-added"
        case branchRemoved = "branch-removed"
        case successStatusChanged = "success-status-changed"
        case statusAdded = "status-added"
        case statusRemoved = "status-removed"
        case contentChanged = "content-changed"
        case tokenRequired = "token-required"
        case tokenNoLongerRequired = "token-no-longer-required"
    }

    public var kind: Kind
    public var breaking: Bool
    /// The operation (`GET /pets/{petId}`), or the schema component (`schema Pet`) whose
    /// difference every operation using it shares: listed once, not per operation.
    public var subject: String
    /// The part of it: `response 200`, `request body`, `query parameter limit`; empty for the
    /// operation as a whole.
    public var part: String
    /// Where in the body, as a JSONPath (`$.owner.name`); empty outside a body.
    public var path: String
    /// What changed and why that is breaking or not, in words.
    public var message: String

    public init(_ kind: Kind, breaking: Bool, subject: String, part: String = "", path: String = "", _ message: String) {
        self.kind = kind
        self.breaking = breaking
        self.subject = subject
        self.part = part
        self.path = path
        self.message = message
    }

    /// `GET /pets response 200 $.name`: the subject, part and path that are set.
    public var location: String {
        [subject, part, path].filter { !$0.isEmpty }.joined(separator: " ")
    }

    public var description: String {
        "\(breaking ? "breaking" : "compatible") \(kind.rawValue) \(location): \(message)"
    }
}
