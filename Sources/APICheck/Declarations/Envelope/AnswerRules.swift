/// What classifies one endpoint's answers, worked out from the API and the endpoint
/// (`API.rules(for:)`): its envelope if any, the API's error shape, and the answers that end the
/// session.
public struct AnswerRules: Sendable {
    public var envelope: EnvelopePolicy?
    public var errors: ErrorShape?
    public var expired: [AnswerSignal]
    /// The signals of a forced logout (`API.forcedLogout`).
    public var forcedLogout: [AnswerSignal]
    /// Whether the request carries the token: a 401 or 403 from a login is about the credentials.
    public var sendsToken: Bool
    /// Whether an empty 2xx body is the answer (a `NoContent` endpoint) rather than a fault.
    public var acceptsEmptyBody: Bool
    /// Whether a success is bytes (a `BinaryBody` endpoint), taken as they are, never parsed.
    public var answersBytes = false
    /// Whether a success in a media type that is not JSON is bytes too (`acceptingBytes()`).
    public var acceptsBytes = false
    /// The status the endpoint declares its success comes with: a success too when it is no 2xx
    /// (a conditional read's 304 Not Modified).
    public var successStatus: Int
    /// The redirects the endpoint declares as its answer (`AnyEndpoint.redirectStatuses`): a
    /// success whose body is not read.
    public var redirectStatuses: [Int] = []

    public init(
        envelope: EnvelopePolicy?, errors: ErrorShape? = nil, expired: [AnswerSignal] = [], forcedLogout: [AnswerSignal] = [],
        sendsToken: Bool = true, acceptsEmptyBody: Bool = false, successStatus: Int = 200
    ) {
        self.successStatus = successStatus
        self.envelope = envelope
        self.errors = errors
        self.expired = expired
        self.forcedLogout = forcedLogout
        self.sendsToken = sendsToken
        self.acceptsEmptyBody = acceptsEmptyBody
    }
}

extension AnswerRules {
    /// Whether a success with this `Content-Type` is bytes, taken as they came: every success of
    /// a `BinaryBody` endpoint; one named as no JSON type of an endpoint that accepts bytes. An
    /// answer that names no type is read as JSON: nothing says it is not.
    public func takesBytes(contentType: String?) -> Bool {
        answersBytes || (acceptsBytes && contentType.flatMap(MediaType.init).map { !$0.isJSON } == true)
    }

    /// The code a failure body carries, read the way classification reads it: the error shape's
    /// first (it says more), else the envelope's.
    public func failureCode(in document: JSONValue) -> EnvelopeCode? {
        if let code = errors?.read(document)?.code { return code }
        return envelope.flatMap { document.value(at: $0.codePath) }.flatMap(EnvelopeCode.init)
    }

    /// Whether an answer of this status is a success: any 2xx, the declared success status, and a
    /// declared redirect.
    public func isSuccess(status: Int) -> Bool {
        (200..<300).contains(status) || status == successStatus || redirectStatuses.contains(status)
    }
}

extension AnswerRules {
    /// The forced logout's signals by their earlier name, which read as the logout endpoint.
    @available(*, deprecated, renamed: "forcedLogout")
    public var logout: [AnswerSignal] {
        get { forcedLogout }
        set { forcedLogout = newValue }
    }

    /// The rules with the forced logout's signals under their earlier label. Disfavoured, so
    /// that a call naming neither label takes the current initializer.
    @available(*, deprecated, message: "pass the forced logout's signals as forcedLogout:")
    @_disfavoredOverload
    public init(
        envelope: EnvelopePolicy?, errors: ErrorShape? = nil, expired: [AnswerSignal] = [], logout: [AnswerSignal] = [],
        sendsToken: Bool = true, acceptsEmptyBody: Bool = false, successStatus: Int = 200
    ) {
        self.init(
            envelope: envelope, errors: errors, expired: expired, forcedLogout: logout, sendsToken: sendsToken,
            acceptsEmptyBody: acceptsEmptyBody, successStatus: successStatus)
    }
}
