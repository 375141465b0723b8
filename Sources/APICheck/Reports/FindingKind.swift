/// What a finding is about. The raw values are the stable names reports print and
/// `docs/report-schema.md` lists; a consumer may switch on them.
public enum FindingKind: String, Sendable, Hashable, CaseIterable, Codable {
    // The answer itself.
    case decode
    case envelope
    case notJSON = "not-json"
    case emptyBody = "empty-body"
    /// A success in another media type than the endpoint declares (info).
    case contentType = "content-type"
    case httpStatus = "http-status"
    case serverCode = "server-code"
    case forcedLogout = "logout"
    case tokenExpired = "token-expired"
    case invalidRequest = "invalid-request"
    /// A success without a header the endpoint declares the app reads (`answering(headers:)`).
    case answerHeader = "answer-header"
    case redirect
    /// A request to a route no endpoint declares (`proxy --undeclared error`).
    case undeclaredRoute = "undeclared-route"
    /// An answer the proxy passed on without checking it (an encoding it cannot read, over its cap,
    /// a type the client asked for over JSON, a `+json` type the endpoint does not declare).
    case unchecked
    /// `proxy`: declared endpoints the traffic never reached.
    case coverage

    // Getting an answer at all.
    case timeout
    case bodyTooLarge = "body-too-large"
    case unreachable
    case transport
    case tlsUntrusted = "tls-untrusted"
    case tlsHostName = "tls-host-name"
    case tlsExpired = "tls-expired"
    case tlsClientCertificate = "tls-client-certificate"
    case tlsHandshake = "tls-handshake"

    // The server's certificate, once per target.
    case certificate
    case certificateExpiring = "certificate-expiring"
    case certificateExpired = "certificate-expired"

    // The run's login and inputs.
    case login
    case credentials
    /// A session the run opened and could not end (no logout endpoint, or the logout failed), or
    /// whose token expired mid-run: renewed through the refresh endpoint, or lost.
    case session
    case missingSample = "missing-sample"
    case samplePath = "sample-path"
    case declaration

    // Drift between the live answer and the mock.
    case driftAdded = "drift-added"
    case driftRemoved = "drift-removed"
    case driftType = "drift-type"
    case driftNull = "drift-null"
    case driftMore = "drift-more"

    // Auth probes.
    case probeTokenExpired = "probe-token-expired"
    case probeRevokedToken = "probe-revoked-token"
    case probeLoggedOut = "probe-logged-out"
    case probeMissingToken = "probe-missing-token"
    /// A refresh promise broken: no working token, a rotated refresh token taken twice, a
    /// replaced access token answered otherwise than declared.
    case probeRefresh = "probe-refresh"
    /// A probe that got no answer in time: the server hung on the token it was sent (printed
    /// when no server issued it), where it must refuse at once.
    case probeTimeout = "probe-timeout"

    // Paging the endpoint declares.
    case paging

    /// A declared error check answered otherwise than declared: another status, a success, another
    /// code, or a body outside the API's error shape.
    case errorCheck = "error-check"

    // The mocks folder.
    case mocksFolder = "mocks-folder"
    case missingMock = "missing-mock"
    case orphanMock = "orphan-mock"
    case mockUnreadable = "mock-unreadable"
    case mockScenario = "mock-scenario"
    case mockTooLarge = "mock-too-large"
    /// A mock `record` or `import-har` would write still holds a secret of the run, in some form.
    case secretInMock = "secret-in-mock"
    /// A mock's file of headers (`mocks/.headers/`) is broken, lacks a declared header, or has no mock.
    case mockHeaders = "mock-headers"
    case undeclaredScenario = "undeclared-scenario"

    /// The finding for a TLS handshake that failed this way.
    public init(tls failure: TLSFailure) {
        switch failure {
        case .untrusted: self = .tlsUntrusted
        case .hostName: self = .tlsHostName
        case .expired: self = .tlsExpired
        case .clientCertificate: self = .tlsClientCertificate
        case .handshake: self = .tlsHandshake
        }
    }

    /// A difference between the live answer's shape and the mock's.
    public var isDrift: Bool {
        switch self {
        case .driftAdded, .driftRemoved, .driftType, .driftNull, .driftMore: true
        default: false
        }
    }

    /// A failed TLS handshake: like `unreachable`, nothing could be asked of the target.
    public var isTLSFailure: Bool {
        [.tlsUntrusted, .tlsHostName, .tlsExpired, .tlsClientCertificate, .tlsHandshake].contains(self)
    }

    /// The drift finding for one kind of shape change.
    public init(drift change: ShapeChange.Kind) {
        switch change {
        case .added: self = .driftAdded
        case .removed: self = .driftRemoved
        case .typeChanged: self = .driftType
        case .becameNull: self = .driftNull
        }
    }
}

extension FindingKind: CustomStringConvertible {
    public var description: String { rawValue }
}
