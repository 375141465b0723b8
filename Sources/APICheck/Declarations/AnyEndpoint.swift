import Foundation

/// An endpoint with its decode type erased, so a catalog can hold endpoints of different types and
/// the live checker can run them all. It keeps what it needs of the type: how to decode a payload
/// fast (`JSONDecoder`) and how to decode it with diagnosis (`JSONValueDecoder`).
public struct AnyEndpoint: Sendable, EndpointConvertible {
    public var id: String { declaration.id }
    public var method: HTTPMethod { declaration.method }
    /// Relative to the base URL, with `{name}` for path parameters: `statuses/{id}`.
    public var path: String { declaration.path }
    public var parameters: [Parameter] { declaration.parameters }
    /// Mock file name without `.json`; scenario variants are `<mock>@<scenario>.json`.
    public var mock: String { declaration.mock }
    public var requiresToken: Bool { declaration.requiresToken }
    /// The endpoint's override of the API's envelope choice: false for a body that is the
    /// payload itself, true for the API's envelope, nil for whatever the API declares.
    /// `API.envelope(for:)` resolves it.
    public var enveloped: Bool? { declaration.enveloped }
    /// An envelope of the endpoint's own, which wins over the API's.
    public var ownEnvelope: EnvelopePolicy? { declaration.ownEnvelope }
    /// The HTTP status of a success (200; 201 Created, 204 No Content): `serve` answers it, `record` expects it.
    public var successStatus: Int { declaration.successStatus }
    /// Every status a success may come with, `successStatus` first: an endpoint that answers 200
    /// for a thing that was there and 201 for one it made declares both (`alsoSucceeding(with:)`).
    public var successStatuses: [Int] { [declaration.successStatus] + declaration.otherSuccessStatuses }
    /// Whether it is a WebSocket route: its success is the handshake's 101 (Switching Protocols),
    /// which neither `live` nor `serve` opens.
    public var opensWebSocket: Bool { declaration.successStatus == 101 }
    /// Whether an empty body is a success's answer, not a fault: the decode type is `NoContent`,
    /// or the endpoint is declared `acceptingEmptyBody()`.
    public var acceptsEmptyBody: Bool { declaration.acceptsEmptyBody }
    /// Whether `record` keeps its answers' bytes as the server sent them (`recordingVerbatim()`).
    public var recordsVerbatim: Bool { declaration.recordsVerbatim }
    /// Whether a success in a media type that is not JSON is bytes, taken as they came
    /// (`acceptingBytes()`): a download the document says nothing of.
    public var acceptsBytes: Bool { declaration.acceptsBytes }
    /// The headers of a success the app reads (`answering(headers:)`), as declared.
    public var answerHeaders: [String] { declaration.answerHeaders }
    /// The media type of its error answers by status, where it declares one (`answeringErrors(_:in:)`).
    public var errorMediaTypes: [Int: MediaType] { declaration.errorMediaTypes }
    public var sessionEffect: SessionEffect { declaration.sessionEffect }
    /// Named scenarios that must have a mock variant (`wrong_password`): those declared in
    /// `scenarios:`, then those of the error checks.
    public var scenarios: [ScenarioName] { declaration.scenarios + declaration.errorChecks.map(\.scenario) }
    /// The scenarios declared in `scenarios:` alone, without the error checks'.
    public var listedScenarios: [ScenarioName] { declaration.scenarios }
    /// The failures a live run provokes on purpose, each a step of its own after the endpoint's call.
    public var errorChecks: [ErrorCheck] { declaration.errorChecks }
    /// The error checks a live run sends: those whose method is safe, or declared `sent: .always`.
    public var sentErrorChecks: [ErrorCheck] { declaration.errorChecks.filter { $0.isSent(method) } }
    /// How the endpoint pages, when it declares it: `apicheck live` then checks a second page.
    public var paging: Paging? { declaration.paging }
    /// Endpoints a live run checks before this one though it reads nothing of their answers; a
    /// run of this one alone (`--only`) runs them first.
    public var after: [String] { declaration.after }
    /// Endpoints a live run checks before this one when they are in the run, which it does not
    /// need: a run of this one alone leaves them out (`ordered(after:)`).
    public var orderedAfter: [String] { declaration.orderedAfter }
    /// Whether it changes nothing on the server: its method is safe (GET, HEAD, OPTIONS), or it
    /// is declared `readingOnly()`. `live --reads-only` checks these and sends no other.
    public var readsOnly: Bool { method.isSafe || declaration.readingOnly }
    /// Whether it deletes or disables the account it is called as, or changes the credentials
    /// that account logs in with (`endingIdentity()`): `live` checks it only when `--only` names it.
    public var endsIdentity: Bool { namedOnly == .endsIdentity }
    /// Whether it writes to an object the run did not create, one a person names (a variable's
    /// id): `live` sends it only when `--only` names it (`actingOnExisting()`).
    public var actsOnExisting: Bool { namedOnly == .actsOnExisting }
    /// Whether it changes what the whole server holds and names nothing it acts on (a DELETE of a
    /// collection or of a setting: `changingGlobalState()`): `live` checks it only when `--only` names it.
    public var changesGlobalState: Bool { namedOnly == .changesGlobalState }
    /// Why `live` sends it only when `--only` names it by its own id; nil for every other endpoint.
    public var namedOnly: NamedOnly? { declaration.namedOnly }
    /// What it does, for people (`summarized(_:)`, `described(_:)`).
    var documentation: Documentation { declaration.documentation }
    /// What tells it apart from other endpoints on its method and path, when there are others.
    public var distinction: Distinction? { declaration.distinction }
    /// Where its answers hold secrets no name gives away (a token object's `key`): `redacting(_:)`.
    public var secretPaths: [JSONPath] { declaration.secretPaths }
    /// The request body as a Swift type, when declared so (else scalar body parameters, if any).
    public var requestBody: RequestBody? { declaration.requestBody }
    /// Whether the auth probes may call it (by default only when its method is safe).
    public var probing: AuthProbing { declaration.probing }
    /// The decode type's name, for listings.
    public var responseTypeName: String { declaration.responseTypeName }
    /// The decode type itself, for the schema recorder (`apicheck openapi`).
    public var responseType: any (Decodable & Sendable).Type { declaration.responseType }
    /// The tag of the `EndpointGroup` it was listed through (`EndpointGroup.tag`): the tag
    /// `apicheck openapi` gives its operation.
    public internal(set) var tag: String?

    var fastDecode: @Sendable (Data, EnvelopePolicy?, DateDecoding) throws -> FastDecoded { declaration.fastDecode }
    var diagnosticDecode: @Sendable (JSONValue, JSONPath, DateDecoding) throws(DecodingFailure) -> (value: any Sendable, reads: ReadTree) {
        declaration.diagnosticDecode
    }

    /// Behind one reference: the declaration never changes once made, and runs over a big catalog
    /// hold it in many places at once (the API, a run's selection, each step of its plan). Inline,
    /// every one of those arrays would hold a whole copy of each declaration.
    private let declaration: Declaration

    private final class Declaration: Sendable {
        let id: String
        let method: HTTPMethod
        let path: String
        let parameters: [Parameter]
        let mock: String
        let requiresToken: Bool
        let enveloped: Bool?
        let ownEnvelope: EnvelopePolicy?
        let successStatus: Int
        let otherSuccessStatuses: [Int]
        let acceptsEmptyBody: Bool
        let recordsVerbatim: Bool
        let acceptsBytes: Bool
        let answerHeaders: [String]
        let errorMediaTypes: [Int: MediaType]
        let sessionEffect: SessionEffect
        let scenarios: [ScenarioName]
        let paging: Paging?
        let after: [String]
        let orderedAfter: [String]
        let readingOnly: Bool
        let namedOnly: NamedOnly?
        let documentation: Documentation
        let distinction: Distinction?
        let secretPaths: [JSONPath]
        let requestBody: RequestBody?
        let errorChecks: [ErrorCheck]
        let probing: AuthProbing
        let responseTypeName: String
        let responseType: any (Decodable & Sendable).Type
        let fastDecode: @Sendable (Data, EnvelopePolicy?, DateDecoding) throws -> FastDecoded
        let diagnosticDecode:
            @Sendable (JSONValue, JSONPath, DateDecoding) throws(DecodingFailure) -> (value: any Sendable, reads: ReadTree)

        init<Response: Decodable & Sendable>(
            id: String, method: HTTPMethod, path: String, parameters: [Parameter], mock: String,
            requiresToken: Bool, enveloped: Bool?, ownEnvelope: EnvelopePolicy?, successStatus: Int,
            sessionEffect: SessionEffect, scenarios: [ScenarioName], paging: Paging?, probing: AuthProbing,
            after: [String], distinction: Distinction?, requestBody: RequestBody?, errorChecks: [ErrorCheck],
            responseType: Response.Type
        ) {
            self.requestBody = requestBody
            self.errorChecks = errorChecks
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
            self.otherSuccessStatuses = []
            self.acceptsEmptyBody = Response.self == NoContent.self
            self.recordsVerbatim = false
            self.acceptsBytes = false
            self.answerHeaders = []
            self.errorMediaTypes = [:]
            self.sessionEffect = sessionEffect
            self.scenarios = scenarios
            self.paging = paging
            self.after = after
            self.orderedAfter = []
            self.readingOnly = false
            self.namedOnly = nil
            self.documentation = Documentation()
            self.distinction = distinction
            secretPaths = []
            self.responseTypeName = ReadLog.typeName(Response.self)
            self.responseType = Response.self
            self.fastDecode = { data, policy, dates in
                // Bytes take the full path, which knows the answer's media type to keep with them.
                if Response.self == BinaryBody.self { throw FastDecoded.NotFlat() }
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
                let result = try JSONValueDecoder(dates: dates).decodeReads(Response.self, from: value, at: base)
                return (result.value, result.reads)
            }
        }

        init(
            copying other: Declaration, requiresToken: Bool, otherSuccessStatuses: [Int], orderedAfter: [String], readingOnly: Bool,
            namedOnly: NamedOnly?, documentation: Documentation, paging: Paging?, parameters: [Parameter], acceptsEmptyBody: Bool,
            recordsVerbatim: Bool, acceptsBytes: Bool, secretPaths: [JSONPath], answerHeaders: [String],
            errorMediaTypes: [Int: MediaType]
        ) {
            id = other.id
            method = other.method
            path = other.path
            self.parameters = parameters
            mock = other.mock
            self.requiresToken = requiresToken
            enveloped = other.enveloped
            ownEnvelope = other.ownEnvelope
            successStatus = other.successStatus
            self.otherSuccessStatuses = otherSuccessStatuses
            self.acceptsEmptyBody = acceptsEmptyBody
            self.recordsVerbatim = recordsVerbatim
            self.acceptsBytes = acceptsBytes
            self.answerHeaders = answerHeaders
            self.errorMediaTypes = errorMediaTypes
            sessionEffect = other.sessionEffect
            scenarios = other.scenarios
            self.paging = paging
            after = other.after
            self.orderedAfter = orderedAfter
            self.readingOnly = readingOnly
            self.namedOnly = namedOnly
            self.documentation = documentation
            distinction = other.distinction
            self.secretPaths = secretPaths
            requestBody = other.requestBody
            errorChecks = other.errorChecks
            probing = other.probing
            responseTypeName = other.responseTypeName
            responseType = other.responseType
            fastDecode = other.fastDecode
            diagnosticDecode = other.diagnosticDecode
        }
    }

    public var erased: AnyEndpoint { self }

    /// The same endpoint, needing no token: what it is on a server run with its auth off.
    public var withoutToken: AnyEndpoint {
        guard requiresToken else { return self }
        return copy(requiresToken: false)
    }

    func copy(
        requiresToken: Bool? = nil, otherSuccessStatuses: [Int]? = nil, orderedAfter: [String]? = nil, readingOnly: Bool? = nil,
        namedOnly: NamedOnly? = nil, documentation: Documentation? = nil, paging: Paging? = nil, parameters: [Parameter]? = nil,
        acceptsEmptyBody: Bool? = nil, recordsVerbatim: Bool? = nil, acceptsBytes: Bool? = nil, secretPaths: [JSONPath]? = nil,
        answerHeaders: [String]? = nil, errorMediaTypes: [Int: MediaType]? = nil
    ) -> AnyEndpoint {
        var copy = AnyEndpoint(
            declaration: Declaration(
                copying: declaration, requiresToken: requiresToken ?? declaration.requiresToken,
                otherSuccessStatuses: otherSuccessStatuses ?? declaration.otherSuccessStatuses,
                orderedAfter: orderedAfter ?? declaration.orderedAfter, readingOnly: readingOnly ?? declaration.readingOnly,
                namedOnly: [namedOnly, declaration.namedOnly].compactMap { $0 }.max(),
                documentation: documentation ?? declaration.documentation, paging: paging ?? declaration.paging,
                parameters: parameters ?? declaration.parameters, acceptsEmptyBody: acceptsEmptyBody ?? declaration.acceptsEmptyBody,
                recordsVerbatim: recordsVerbatim ?? declaration.recordsVerbatim, acceptsBytes: acceptsBytes ?? declaration.acceptsBytes,
                secretPaths: secretPaths ?? declaration.secretPaths, answerHeaders: answerHeaders ?? declaration.answerHeaders,
                errorMediaTypes: errorMediaTypes ?? declaration.errorMediaTypes))
        copy.tag = tag
        return copy
    }

    /// Whether a success under `status` is one the endpoint declares.
    public func succeeds(with status: Int) -> Bool {
        status == declaration.successStatus || declaration.otherSuccessStatuses.contains(status)
    }

    /// The declared success statuses as a finding's expectation: `HTTP 200`, `HTTP 200 or 201`.
    public var successStatusText: String {
        "HTTP " + successStatuses.map(String.init).joined(separator: " or ")
    }

    private init(declaration: Declaration) {
        self.declaration = declaration
    }

    init<Response: Decodable & Sendable>(
        id: String, method: HTTPMethod, path: String, parameters: [Parameter], mock: String,
        requiresToken: Bool, enveloped: Bool?, ownEnvelope: EnvelopePolicy? = nil, successStatus: Int = 200,
        sessionEffect: SessionEffect, scenarios: [ScenarioName], paging: Paging? = nil, probing: AuthProbing = .whenSafe,
        after: [String] = [], distinction: Distinction? = nil, requestBody: RequestBody? = nil, errorChecks: [ErrorCheck] = [],
        responseType: Response.Type
    ) {
        declaration = Declaration(
            id: id, method: method, path: path, parameters: parameters, mock: mock, requiresToken: requiresToken,
            enveloped: enveloped, ownEnvelope: ownEnvelope, successStatus: successStatus, sessionEffect: sessionEffect,
            scenarios: scenarios, paging: paging, probing: probing, after: after, distinction: distinction,
            requestBody: requestBody, errorChecks: errorChecks, responseType: responseType)
    }
}
