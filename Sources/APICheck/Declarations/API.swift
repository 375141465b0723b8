import Foundation

/// The catalog: one API's endpoints and the policies they share.
public struct API: Sendable {
    public var name: String
    /// Base URLs by environment name (`staging`, `local`), each ending in `/`.
    public var environments: [String: URL]
    /// The envelope every endpoint's answers come in; `.none` when the body is the payload. An
    /// endpoint overrides it either way (`Endpoint(enveloped: false)`, `Endpoint(envelope: …)`).
    public var envelope: EnvelopePolicy?
    /// How failures look without (or beside) the envelope; nil when the API declares none.
    public var errors: ErrorShape?
    /// Answers that mean the token is dead, by HTTP status and/or code (the envelope's or the
    /// error shape's): `[.status(401, code: "M_UNKNOWN_TOKEN")]`. The envelope's
    /// `expiredHTTPStatuses` and `expiredCodes` count too.
    public var expired: [AnswerSignal]
    /// Answers that force the app to log out (the server revoked the token), by HTTP status
    /// and/or code: a forced logout, not the app's own (an endpoint that `logsOut`). The
    /// envelope's `logoutCodes` count too.
    public var forcedLogout: [AnswerSignal]
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
    /// The status its server refuses a request that breaks the declarations with: 400, or what
    /// `refusingInvalidRequests(with:)` says (FastAPI's 422). `serve` and `proxy --enforce` refuse so.
    public var invalidRequestStatus = 400
    /// The ids `changingEndpoint(_:_:)` was given that name no endpoint: declaration problems.
    var changesOfNoEndpoint: [String] = []

    public init(
        name: String, environments: [String: URL] = [:], envelope: EnvelopePolicy?, errors: ErrorShape? = nil,
        expired: [AnswerSignal] = [], forcedLogout: [AnswerSignal] = [], auth: AuthPolicy = .noLogin,
        defaultHeaders: [(name: String, value: String)] = [], secretFields: Set<String> = [],
        dates: DateDecoding = .deferredToDate, endpoints: [any EndpointConvertible], declaredIn: String? = #filePath
    ) {
        self.errors = errors
        self.expired = expired
        self.forcedLogout = forcedLogout
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
        redacted.insert(auth.placement.name)
        if let refresh = auth.refresh {
            redacted.insert(refresh.parameter)
            if let placement = refresh.placement { redacted.insert(placement.name) }
            if case let .key(key)? = refresh.refreshTokenPath.components.last { redacted.insert(key) }
        }
        if let csrf = auth.csrf {
            redacted.insert(csrf.header)
            if let cookie = csrf.cookie { redacted.insert(cookie) }
        }
        for endpoint in endpoints { for parameter in endpoint.sampledValues where parameter.secret { redacted.insert(parameter.name) } }
        return redacted
    }

    public func endpoint(_ id: String) -> AnyEndpoint? { endpoints.first { $0.id == id } }

    /// The envelope of one endpoint's answers: its own, none when it says `enveloped: false`,
    /// else the API's.
    public func envelope(for endpoint: AnyEndpoint) -> EnvelopePolicy? {
        if let own = endpoint.ownEnvelope { return own }
        if endpoint.enveloped == false { return nil }
        return envelope
    }

    /// Whether one endpoint's answers come in an envelope.
    public func isEnveloped(_ endpoint: AnyEndpoint) -> Bool { envelope(for: endpoint) != nil }

    /// Everything that classifies one endpoint's answers.
    public func rules(for endpoint: AnyEndpoint) -> AnswerRules {
        let own = envelope(for: endpoint)
        var expired = self.expired
        // The API's dead-token statuses hold for every endpoint, enveloped or not.
        for policy in [envelope, endpoint.ownEnvelope].compactMap({ $0 }) {
            expired += policy.expiredHTTPStatuses.sorted().map { AnswerSignal.status($0) }
        }
        var rules = AnswerRules(
            envelope: own, errors: errors, expired: expired, forcedLogout: forcedLogout,
            // The refresh endpoint sends a token too: the refresh token, whose death
            // it answers as the API answers a dead token.
            sendsToken: endpoint.requiresToken || endpoint.sessionEffect == .refreshes,
            acceptsEmptyBody: endpoint.acceptsEmptyBody, successStatus: endpoint.successStatus)
        rules.answersBytes = endpoint.answersBytes
        rules.acceptsBytes = endpoint.acceptsBytes
        rules.redirectStatuses = endpoint.redirectStatuses
        return rules
    }

    /// The HTTP status a dead-token answer comes with, for mocks of the `expired` scenario.
    public var expiredStatus: Int {
        let statuses = (envelope?.expiredHTTPStatuses ?? []).union(expired.compactMap(\.status))
        return statuses.min() ?? 200
    }

    /// A redactor primed with this API's secret field names.
    public func makeRedactor() -> Redactor { Redactor(api: self) }
}

extension API {
    /// The forced logout's signals by their earlier name, which read as the logout endpoint.
    @available(*, deprecated, renamed: "forcedLogout")
    public var logout: [AnswerSignal] {
        get { forcedLogout }
        set { forcedLogout = newValue }
    }

    /// Declares the forced logout's signals by their earlier label. Disfavoured, so that a
    /// declaration naming neither label takes the current initializer.
    @available(*, deprecated, message: "declare the forced logout's signals as forcedLogout:")
    @_disfavoredOverload
    public init(
        name: String, environments: [String: URL] = [:], envelope: EnvelopePolicy?, errors: ErrorShape? = nil,
        expired: [AnswerSignal] = [], logout: [AnswerSignal] = [], auth: AuthPolicy = .noLogin,
        defaultHeaders: [(name: String, value: String)] = [], secretFields: Set<String> = [],
        dates: DateDecoding = .deferredToDate, endpoints: [any EndpointConvertible], declaredIn: String? = #filePath
    ) {
        self.init(
            name: name, environments: environments, envelope: envelope, errors: errors, expired: expired, forcedLogout: logout,
            auth: auth, defaultHeaders: defaultHeaders, secretFields: secretFields, dates: dates, endpoints: endpoints,
            declaredIn: declaredIn)
    }
}
