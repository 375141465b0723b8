import Foundation

/// The catalog: one API's endpoints and the policies they share.
public struct API: Sendable {
    public var name: String
    /// Base URLs by environment name (`staging`, `local`), each ending in `/`.
    public var environments: [String: URL]
    public var envelope: EnvelopePolicy
    /// How it logs in; `.noLogin` for an API whose endpoints need no token.
    public var auth: AuthPolicy
    /// Sent with every request (`os`, `client`).
    public var defaultHeaders: [(name: String, value: String)]
    /// Field and parameter names, beyond those the policies imply, whose values never print.
    public var secretFields: Set<String>
    public var endpoints: [AnyEndpoint]
    /// How `Date` fields of the decode types arrive.
    public var dates: DateDecoding
    /// The source file that declared the API (`#filePath` of the `API(...)` call): commands find
    /// the package's `mocks/` from it when run outside the package.
    public var declaredIn: String?

    public init(name: String, environments: [String: URL] = [:], envelope: EnvelopePolicy, auth: AuthPolicy = .noLogin,
                defaultHeaders: [(name: String, value: String)] = [], secretFields: Set<String> = [],
                dates: DateDecoding = .deferredToDate, endpoints: [any EndpointConvertible], declaredIn: String? = #filePath) {
        self.dates = dates
        self.declaredIn = declaredIn
        self.name = name
        self.environments = environments
        self.envelope = envelope
        self.auth = auth
        self.defaultHeaders = defaultHeaders
        self.endpoints = endpoints.map(\.erased)
        self.secretFields = secretFields
    }

    /// Every field and parameter name whose value never prints: the extra ones, the token's own
    /// field, where the token travels, and every parameter declared secret. Worked out from the
    /// current policies, so changing one after init keeps redaction right.
    public var redactedFields: Set<String> {
        var redacted = secretFields
        if let field = auth.tokenField { redacted.insert(String(field.split(separator: ".").last ?? Substring(field))) }
        switch auth.placement {
        case let .query(name): redacted.insert(name)
        case let .header(name, _): redacted.insert(name)
        }
        for endpoint in endpoints { for parameter in endpoint.parameters where parameter.secret { redacted.insert(parameter.name) } }
        return redacted
    }

    public func endpoint(_ id: String) -> AnyEndpoint? { endpoints.first { $0.id == id } }

    /// A redactor primed with this API's secret field names.
    public func makeRedactor() -> Redactor { Redactor(api: self) }
}
