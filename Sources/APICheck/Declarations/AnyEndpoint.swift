import Foundation

/// An endpoint with its decode type erased, so a catalog can hold endpoints of different types and
/// the live checker can run them all. It keeps what it needs of the type: how to decode a payload
/// fast (`JSONDecoder`) and how to decode it with diagnosis (`JSONValueDecoder`).
public struct AnyEndpoint: Sendable, EndpointConvertible {
    public let id: String
    public let method: HTTPMethod
    /// Relative to the base URL, with `{name}` for path parameters: `statuses/{id}`.
    public let path: String
    public let parameters: [Parameter]
    /// Mock file name without `.json`; scenario variants are `<mock>@<scenario>.json`.
    public let mock: String
    public let requiresToken: Bool
    /// The endpoint's override of the API's envelope choice: false for a body that is the
    /// payload itself, true for the API's envelope, nil for whatever the API declares.
    /// `API.envelope(for:)` resolves it.
    public let enveloped: Bool?
    /// An envelope of the endpoint's own, which wins over the API's.
    public let ownEnvelope: EnvelopePolicy?
    /// The HTTP status of a success (200; 201 Created, 204 No Content).
    public let successStatus: Int
    /// Whether the decode type is `NoContent`, so an empty body is the answer, not a fault.
    public let acceptsEmptyBody: Bool
    public let sessionEffect: SessionEffect
    /// Named failure scenarios that must have a mock variant (`wrong_password`).
    public let scenarios: [String]
    /// How the endpoint pages, when it declares it: `apicheck live` then checks a second page.
    public let paging: Paging?
    /// Endpoints a live run checks before this one though it reads nothing of their answers.
    public let after: [String]
    /// What tells it apart from other endpoints on its method and path, when there are others.
    public let distinction: Distinction?
    /// The request body as a Swift type, when declared so (else scalar body parameters, if any).
    public let requestBody: RequestBody?
    /// Whether the auth probes may call it (by default only when its method is safe).
    public let probing: AuthProbing
    /// The decode type's name, for listings.
    public let responseTypeName: String
    /// The decode type itself, for the schema recorder (`apicheck openapi`).
    public let responseType: any (Decodable & Sendable).Type

    let fastDecode: @Sendable (Data, EnvelopePolicy?, DateDecoding) throws -> FastDecoded
    let diagnosticDecode: @Sendable (JSONValue, JSONPath, DateDecoding) throws(DecodingFailure) -> (value: any Sendable, reads: [FieldRead])

    public var erased: AnyEndpoint { self }

    init<Response: Decodable & Sendable>(
        id: String, method: HTTPMethod, path: String, parameters: [Parameter], mock: String,
        requiresToken: Bool, enveloped: Bool?, ownEnvelope: EnvelopePolicy? = nil, successStatus: Int = 200,
        sessionEffect: SessionEffect, scenarios: [String], paging: Paging? = nil, probing: AuthProbing = .whenSafe,
        after: [String] = [], distinction: Distinction? = nil, requestBody: RequestBody? = nil, responseType: Response.Type
    ) {
        self.requestBody = requestBody
        self.probing = probing
        self.id = id
        self.method = method
        self.path = path
        self.parameters = parameters
        self.mock = mock
        self.requiresToken = requiresToken
        self.enveloped = enveloped
        self.ownEnvelope = ownEnvelope
        self.successStatus = successStatus
        self.acceptsEmptyBody = Response.self == NoContent.self
        self.sessionEffect = sessionEffect
        self.scenarios = scenarios
        self.paging = paging
        self.after = after
        self.distinction = distinction
        self.responseTypeName = ReadLog.typeName(Response.self)
        self.responseType = Response.self
        self.fastDecode = { data, policy, dates in
            let decoder = JSONDecoder()
            if dates != .deferredToDate { dates.apply(to: decoder) }
            guard let policy else {
                return .payload(try decoder.decode(Response.self, from: data))
            }
            guard policy.flatKeys != nil else { throw FastDecoded.NotFlat() }
            decoder.userInfo[EnvelopeBody<Response>.policyKey] = policy
            let body = try decoder.decode(EnvelopeBody<Response>.self, from: data)
            if let payload = body.payload { return .payload(payload) }
            return .notSuccess
        }
        self.diagnosticDecode = { (value, base, dates) throws(DecodingFailure) in
            let result = try JSONValueDecoder(dates: dates).decode(Response.self, from: value, at: base)
            return (result.value, result.reads)
        }
    }

    /// The method and path with placeholder names left out: endpoints with the same route key
    /// answer the same requests (`rooms/{id}` and `rooms/{roomId}` alike).
    public var routeKey: String {
        var key = method.rawValue + " "
        var inside = false
        for character in path {
            if character == "{" { inside = true; key.append("{") }
            else if character == "}" { inside = false; key.append("}") }
            else if !inside { key.append(character) }
        }
        return key
    }

    /// Everything with a sample: the parameters, then the typed body's inputs. Samples, their order,
    /// secrets and credentials are worked out over these.
    public var sampledValues: [Parameter] {
        guard let inputs = requestBody?.inputs, !inputs.isEmpty else { return parameters }
        return parameters + inputs
    }

    /// Whether the auth probes call it: it needs the token and its declaration allows them.
    public var isProbed: Bool { requiresToken && probing.allows(method) }

    /// Whether it gets this probe: it needs the token and its declaration allows the probe.
    public func isProbed(by probe: AuthProbe) -> Bool { requiresToken && probing.allows(probe, method) }

    /// Path parameter names in template order.
    public var pathParameterNames: [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
