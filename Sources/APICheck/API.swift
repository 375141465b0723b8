import Foundation

/// The catalog: one API's endpoints and the policies they share.
public struct API: Sendable {
    public var name: String
    /// Base URLs by environment name (`staging`, `local`), each ending in `/`.
    public var environments: [String: URL]
    public var envelope: EnvelopePolicy
    public var auth: AuthPolicy
    /// Sent with every request (`os`, `client`).
    public var defaultHeaders: [(name: String, value: String)]
    /// Field and parameter names whose values never print (`utoken`, `password`).
    public var redactedFields: Set<String>
    public var endpoints: [AnyEndpoint]
    /// How `Date` fields of the decode types arrive.
    public var dates: DateDecoding

    public init(name: String, environments: [String: URL] = [:], envelope: EnvelopePolicy, auth: AuthPolicy,
                defaultHeaders: [(name: String, value: String)] = [], redactedFields: Set<String> = [],
                dates: DateDecoding = .deferredToDate, endpoints: [any EndpointConvertible]) {
        self.dates = dates
        self.name = name
        self.environments = environments
        self.envelope = envelope
        self.auth = auth
        self.defaultHeaders = defaultHeaders
        self.endpoints = endpoints.map(\.erased)
        // The token's own field, its query parameter and secret parameters are always redacted.
        var redacted = redactedFields
        if let field = auth.tokenField { redacted.insert(String(field.split(separator: ".").last ?? Substring(field))) }
        if case let .query(name) = auth.placement { redacted.insert(name) }
        if case let .header(name, _) = auth.placement { redacted.insert(name) }
        for endpoint in self.endpoints { for parameter in endpoint.parameters where parameter.secret { redacted.insert(parameter.name) } }
        self.redactedFields = redacted
    }

    public func endpoint(_ id: String) -> AnyEndpoint? { endpoints.first { $0.id == id } }

    /// A redactor primed with this API's secret field names.
    public func makeRedactor() -> Redactor { Redactor(fieldNames: redactedFields) }
}
