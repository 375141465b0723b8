/// One endpoint, declared once: everything else (requests, mocks, live checks, listings) derives
/// from this declaration.
///
/// ```swift
/// static let homeTimeline = Endpoint<Timeline>(
///     id: "statuses.homeTimeline", .get, "statuses/home_timeline",
///     parameters: [.query("count", .int, sample: .literal(5))],
///     mock: "home_timeline", auth: .token)
/// ```
///
/// `enveloped` overrides the API's envelope choice for this endpoint (nil: as the API says;
/// `false`: the body is the payload; `true`: the API's envelope, which it must declare);
/// `envelope` gives the endpoint an envelope of its own (a few endpoints of an API without one).
/// `successStatus` is the status its success comes with when that is not 200 (201, 204); one that
/// may come with another as well declares it with `alsoSucceeding(with:)`.
/// `after` names endpoints whose checks must be over before this one's although it takes no value
/// from them: a read that must see an earlier write (`after: ["rooms.send"]`). `distinguishedBy`
/// says what tells it apart from another endpoint declared on the same method and path. `body`
/// declares the request body as a Swift type (`RequestBody.json`, `.form`) instead of scalar body
/// parameters. `errorChecks` names the failures the endpoint can be made to give and the inputs that
/// provoke each (`ErrorCheck`): `apicheck live` sends them after the endpoint's own call, and their
/// scenarios are declared scenarios of the endpoint.
public struct Endpoint<Response: Decodable & Sendable>: Sendable, EndpointConvertible {
    public let erased: AnyEndpoint

    public init(
        id: String, _ method: HTTPMethod, _ path: String, parameters: [Parameter] = [],
        mock: String, auth: AuthRequirement = .anonymous, enveloped: Bool? = nil,
        envelope: EnvelopePolicy? = nil, successStatus: Int = 200, sessionEffect: SessionEffect = .keepsSession,
        scenarios: [ScenarioName] = [], paging: Paging? = nil, probing: AuthProbing = .whenSafe,
        after: [String] = [], distinguishedBy: Distinction? = nil, body: RequestBody? = nil,
        errorChecks: [ErrorCheck] = []
    ) {
        erased = AnyEndpoint(
            id: id, method: method, path: path, parameters: parameters, mock: mock,
            requiresToken: auth == .token, enveloped: enveloped, ownEnvelope: envelope, successStatus: successStatus,
            sessionEffect: sessionEffect, scenarios: scenarios, paging: paging, probing: probing,
            after: after, distinction: distinguishedBy, requestBody: body, errorChecks: errorChecks, responseType: Response.self)
    }

    init(erased: AnyEndpoint) {
        self.erased = erased
    }

    /// The same endpoint, whose success may also come with these statuses, its body of the same
    /// type: `live` and `proxy` accept them as they accept `successStatus`, `openapi` writes each,
    /// and `serve` and `record` keep to `successStatus`.
    ///
    /// ```swift
    /// static let put = Endpoint<Pet>(id: "pets.put", .put, "pets/{id}", mock: "pet")
    ///     .alsoSucceeding(with: 201)
    /// ```
    public func alsoSucceeding(with statuses: Int...) -> Endpoint {
        Endpoint(erased: erased.alsoSucceeding(with: statuses))
    }

    /// The same endpoint, checked after these when a run has them, which it does not need: a run
    /// of it alone (`live --only`) leaves them out, where it runs what `after:` names first. The
    /// import orders so what it guesses from paths and methods (a creation before the reads of
    /// what it creates, a deletion last); `after:` says what a person knows the endpoint needs.
    ///
    /// ```swift
    /// static let deletePet = Endpoint<NoContent>(id: "deletePet", .delete, "pets/{id}", mock: "deletePet")
    ///     .ordered(after: "getPet", "updatePet")
    /// ```
    public func ordered(after ids: String...) -> Endpoint {
        Endpoint(erased: erased.ordered(after: ids))
    }

    /// The same endpoint, declared to change nothing though its method is not safe: a search,
    /// filter or count sent by POST for its body. `live --reads-only` and `record --reads-only`
    /// check and send it as they do a GET; the auth probes and error checks still keep to GET and
    /// HEAD unless its declaration says otherwise.
    ///
    /// ```swift
    /// static let filter = Endpoint<[Flow]>(id: "flows.filter", .post, "flows/filter", mock: "flows")
    ///     .readingOnly()
    /// ```
    public func readingOnly() -> Endpoint {
        Endpoint(erased: erased.readingOnly())
    }

    /// The same endpoint, declared to delete or disable the account it is called as, or to
    /// change the password that account logs in with: every later call of a run would be
    /// refused, and the account would have to be made again by hand. `live` and `record` leave
    /// it out ("not checked"), unless `--only` names it; then it runs after everything else. A
    /// reset of the token alone is a logout (`sessionEffect: .logsOut`), as a new login gets another.
    ///
    /// ```swift
    /// static let deleteMe = Endpoint<NoContent>(id: "users.deleteMe", .delete, "users/me", mock: "deleteMe", auth: .token)
    ///     .endingIdentity()
    /// ```
    public func endingIdentity() -> Endpoint {
        Endpoint(erased: erased.endingIdentity())
    }

    /// The same endpoint, declared to change what the whole server holds while naming nothing it
    /// acts on: Superset's `DELETE /api/v1/theme/unset_system_default` clears the theme every user
    /// sees, and a DELETE of a collection without a selection may empty it. Each run would change
    /// the staging for everyone, and nothing the run made is there to undo it: `live` leaves it
    /// out (a chosen skip, which keeps the run complete) unless `--only` names it as itself.
    ///
    /// ```swift
    /// static let clearDefault = Endpoint<JSONValue>(id: "themes.clearDefault", .delete, "theme/unset_system_default",
    ///                                               mock: "clear_default", auth: .token)
    ///     .changingGlobalState()
    /// ```
    public func changingGlobalState() -> Endpoint {
        Endpoint(erased: erased.changingGlobalState())
    }

    /// The same endpoint, declared to write to an object the run did not create: one a person
    /// names, as a variable's id (`PUT /runs/{run_id}` where no call of the API creates runs),
    /// often data they keep. A full `live` or `record` does not send it, and reports it skipped
    /// as chosen, saying how to check it: by its own id in `--only` (a pattern does not name
    /// it), on an object that may be changed or deleted. `import-openapi` declares it so on
    /// every write whose object a variable names.
    ///
    /// ```swift
    /// static let deleteRun = Endpoint<NoContent>(id: "runs.delete", .delete, "runs/{run_id}", parameters: [
    ///     .path("run_id", .string, sample: .environment("AIM_RUN_ID", fallback: nil)),
    /// ], mock: "runs_delete").actingOnExisting()
    /// ```
    public func actingOnExisting() -> Endpoint {
        Endpoint(erased: erased.actingOnExisting())
    }

    /// The same endpoint, whose success may also come with an empty body, as one that decodes
    /// `NoContent` does, while a JSON one still decodes as `Response`: a read the document leaves
    /// without content (Pulp's `livez`, pygeoapi's `/openapi`) may answer nothing or JSON. An
    /// empty answer decodes as `null`.
    ///
    /// ```swift
    /// static let livez = Endpoint<JSONValue>(id: "livez", .get, "livez/", mock: "livez")
    ///     .acceptingEmptyBody()
    /// ```
    public func acceptingEmptyBody() -> Endpoint {
        Endpoint(erased: erased.acceptingEmptyBody())
    }

    /// The same endpoint, whose success may also be bytes: an answer in a media type that is not
    /// JSON (`text/plain`, `application/pdf`, `image/png`) is taken as it came, judged by its
    /// status as a `BinaryBody` endpoint's is and never parsed, while a JSON one still decodes as
    /// `Response`. A read the document leaves without content may be a download (Mayan EDMS's
    /// document file `download/`) as well as JSON; `import-openapi` declares such a read so.
    /// `record` keeps such an answer's bytes as they came, and `serve` replays a mock that is no
    /// JSON as `application/octet-stream`.
    ///
    /// ```swift
    /// static let download = Endpoint<JSONValue>(id: "files.download", .get, "files/{id}/download/", mock: "download")
    ///     .acceptingEmptyBody().acceptingBytes()
    /// ```
    public func acceptingBytes() -> Endpoint {
        Endpoint(erased: erased.acceptingBytes())
    }

    /// The same endpoint, whose answers `record` writes as the server sent them, byte for byte,
    /// rather than pretty-printed, and `serve` replays so: a body a client checks against a
    /// digest (a registry's manifest, named by the hash of its bytes) stays the one the digest
    /// names. An answer in which `record` has a secret or the run's id to replace is written
    /// pretty-printed as any, and `record` says so.
    ///
    /// ```swift
    /// static let manifest = Endpoint<Manifest>(id: "manifests.get", .get, "{+name}/manifests/{reference}", mock: "manifest")
    ///     .recordingVerbatim()
    /// ```
    public func recordingVerbatim() -> Endpoint {
        Endpoint(erased: erased.recordingVerbatim())
    }

    /// The same endpoint, whose error answers of these statuses are in `mediaType`, where the
    /// API's error shape (or problem+json) is not what its server sends them in: Phoenix answers
    /// a refused key `401` as `text/plain`, the message as the whole body. `serve` and
    /// `proxy --enforce` answer such an error in it (a body that is not JSON being the message
    /// alone), `live` and `proxy` read one that came in it as a failure without judging it against
    /// a JSON error shape, and `apicheck openapi` writes it as the answer's content.
    /// `import-openapi` declares it where the document gives an error answer only a type that is
    /// not JSON. A type that is not valid (`text`) declares nothing.
    ///
    /// ```swift
    /// static let project = Endpoint<Project>(id: "getProject", .get, "v1/projects/{id}", mock: "project")
    ///     .answeringErrors([401, 403, 404], in: "text/plain")
    /// ```
    public func answeringErrors(_ statuses: [Int], in mediaType: String) -> Endpoint {
        guard let type = MediaType(mediaType) else { return self }
        return Endpoint(erased: erased.answeringErrors(statuses, in: type))
    }

    /// The same endpoint, whose successes carry these headers, which the app reads: a count
    /// beside a page (`X-Total-Count`), a digest (`Docker-Content-Digest`), an `ETag`. `live` and
    /// `proxy` say a success without one; `record` keeps their values beside the mock, in
    /// `mocks/.headers/<mock file>` (a JSON object of names and values), and the replay and
    /// `serve` answer with them. Names are matched whatever their case.
    ///
    /// ```swift
    /// static let listPets = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets")
    ///     .answering(headers: "X-Total-Count", "ETag")
    /// ```
    public func answering(headers names: String...) -> Endpoint {
        Endpoint(erased: erased.answering(headers: names))
    }

    /// The same endpoint, whose success answers hold secrets at these JSONPaths, whatever their members
    /// are named: a token object's `key`, where `key` elsewhere is ordinary data and no secret
    /// field. `record` writes stand-ins for them (as `--redact` does), and searches for their
    /// values in every other answer it writes.
    ///
    /// ```swift
    /// static let tokens = Endpoint<TokenList>(id: "tokens.list", .get, "users/tokens/", mock: "tokens")
    ///     .redacting("$.results[*].key")
    /// ```
    public func redacting(_ paths: JSONPath...) -> Endpoint {
        Endpoint(erased: erased.redacting(paths))
    }

    /// The same endpoint, with what it does in a line, for people: `apicheck openapi` writes it
    /// as the operation's summary. The import writes the document's own.
    ///
    /// ```swift
    /// static let listPets = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets")
    ///     .summarized("List all pets")
    /// ```
    public func summarized(_ text: String) -> Endpoint {
        Endpoint(erased: erased.summarized(text))
    }

    public var id: String { erased.id }
    public var method: HTTPMethod { erased.method }
    public var path: String { erased.path }
    public var parameters: [Parameter] { erased.parameters }
    public var mock: String { erased.mock }
    public var requiresToken: Bool { erased.requiresToken }
}
