import APICheck
import Foundation
import HTTPServer

extension MockServer {
    /// A declared route: decide, then render.
    func serve(
        _ endpoint: AnyEndpoint, request: ServerRequest, pathValues: [(name: String, value: String)],
        record: inout ServedRecord
    ) -> ServerResponse {
        // Read before deciding and rendering: a change meanwhile leaves a stamp already stale,
        // never a stale answer under a fresh stamp.
        let generation = scenarios.generation
        var decision = decide(endpoint, request: request, pathValues: pathValues)
        let served = decision.readReplayable ? replayedFile(of: decision).flatMap(currentVersion(of:)) : nil
        apply(&decision)
        var response = render(decision)
        // A Basic API's refusal challenges as the server's does: a client that waits for it
        // (URLSession's credential handling, a browser) sends credentials only then.
        if response.status == 401, api.auth.placement == .basic,
            !response.headers.contains(where: { $0.name.lowercased() == "www-authenticate" })
        {
            response.headers.append(("WWW-Authenticate", "Basic realm=\"\(api.name)\", charset=\"UTF-8\""))
        }
        // Applying may change the answer (a refresh token spent since the decision): the record
        // says what was served.
        record.problems = decision.problems
        record.scenario = decision.scenario
        if let served, decision.readReplayable {
            let stamp = AnswerMemo.Stamp(body: served.slot, bodyVersion: served.version, scenarioGeneration: generation)
            if decision.replayable {
                record.replay = stamp
            } else {
                record.readReplay = ReadAnswerMemo.Stamp(answer: stamp, token: decision.tokenState.map { (token(in: request), $0) })
            }
        }
        return response
    }

    /// The mock file a replayable decision serves; nil when serve adds a random delay.
    private func replayedFile(of decision: MockDecision) -> MockFileName? {
        guard options.delay == nil, case let .mock(scenario) = decision.answer else { return nil }
        return mocks.directory.file(of: decision.endpoint, scenario: scenario)
            ?? mocks.late.file(of: decision.endpoint, scenario: scenario)?.file
    }

    /// The bytes of a decision whose effects were applied: only bytes, no state changed.
    func render(_ decision: MockDecision) -> ServerResponse {
        let endpoint = decision.endpoint
        var response: ServerResponse
        switch decision.answer {
        case let .invalid(problems):
            var refusal = ProblemDocument.invalid(endpoint, problems)
            refusal.status = api.invalidRequestStatus
            return refusals.response(refusal, for: endpoint)
        case let .unreadablePreference(detail):
            return ProblemDocument.invalidPreference(detail).response(refusals)
        case let .unknownScenario(scenario, names):
            return ProblemDocument.unknownScenario(scenario, of: endpoint.id, known: names).response(refusals)
        case let .fault(fault):
            response = Self.broken(fault)
        case let .code(code):
            response = headed(coded(code, endpoint: endpoint), endpoint: endpoint, scenario: decision.scenario)
        case let .signal(signal):
            response = headed(
                signalled(signal, endpoint: endpoint, state: decision.tokenState), endpoint: endpoint, scenario: decision.scenario)
        case .wrongCredentials:
            response = headed(
                refusals.response(
                    ProblemDocument(status: 401, title: "Wrong credentials", detail: "\(endpoint.id): unknown account or password"),
                    for: endpoint), endpoint: endpoint, scenario: decision.scenario)
        case let .mock(scenario):
            guard let (file, served) = mockBody(of: endpoint, scenario: scenario) else {
                let name = endpoint.mock + (scenario.map { "@\($0)" } ?? "")
                // A client told 500 never got new tokens: the refresh token it sent must still renew.
                let unspent =
                    decision.effects.contains { if case .refresh = $0 { true } else { false } }
                    ? "; the refresh token was not spent" : ""
                response = ProblemDocument(
                    status: 500, title: "No mock",
                    detail: "\(endpoint.id): no usable mock \(name).json in \(mocks.directory.url.path)\(unspent)"
                )
                .response(refusals)
                break
            }
            var data = served.data
            var headers: [(name: String, value: String)] = []
            var rewritten = false
            var document = served.document
            if served.recordedLinks {
                // No origin decided: the body gained its links since (an edit on disk); serve's own address then.
                let origin = decision.ownOrigin ?? ownOrigin(host: nil)
                document = mocks.origins.rewritten(document, to: origin, basePath: basePath)
                data = Data(document.compactText.utf8)
                rewritten = true
            }
            if let issued = decision.issued {
                data = issuedTokens(issued, in: document, endpoint: endpoint)
                rewritten = true
                if let cookie = sessionCookie(issued.accessToken) { headers.append(cookie) }
            }
            if let asked = decision.pageRequest, let paging = endpoint.paging,
                let (page, links) = PagedBody(
                    paging: paging, endsWithNull: mocks.nullEnded.contains(endpoint.id),
                    cursorInBody: PagedBody.takesCursorInBody(endpoint),
                    credentials: credentialFields,
                    declaredQuery: Set(endpoint.parameters.lazy.filter { $0.location == .query }.map(\.name))
                ).page(of: document, for: asked, origin: decision.ownOrigin)
            {
                data = Data(page.compactText.utf8)
                headers += links
                rewritten = true
            }
            var answered = ServerResponse.json(data, status: mocks.directory.status(of: file))
            if RedirectMock.isRedirect(file, of: endpoint) {
                // A redirect answers where it points, and no body, as the server does.
                data = Data()
                answered = ServerResponse(
                    status: answered.status, headers: RedirectMock.location(in: document).map { [("Location", $0)] } ?? [])
            }
            // A success goes out in the media type the endpoint declares, as the server's should
            // (`application/geo+json`): an app tried against serve sees the type it will get.
            // Bytes go out in theirs, `application/octet-stream` unless declared.
            let successType =
                mocks.directory.holdsBytes(file, of: endpoint) ? endpoint.bytesMediaType : endpoint.declaredMediaTypes.first?.essence
            if let successType, successType != "application/json", (200..<300).contains(answered.status) {
                answered.headers = answered.headers.map { HeaderName.same($0.name, "content-type") ? ($0.name, successType) : $0 }
            }
            // An empty answer (a 204's) has no media type to name, as a server sends it; empty
            // bytes in a declared type are a document of that type still (a CSV export of an
            // empty dataset, Phoenix's `text/csv`), which a client picks its reader by.
            let emptyDocument = mocks.directory.holdsBytes(file, of: endpoint) && ![204, 205, 304].contains(answered.status)
            if data.isEmpty, !emptyDocument { answered.headers.removeAll { $0.name.lowercased() == "content-type" } }
            answered.headers += headers
            // The headers the app reads beside the body, as its file of headers gives them
            // (`MockHeaders`), read with the body.
            answered.headers += served.headers
            response = headed(answered, endpoint: endpoint, scenario: decision.scenario)
            // The file's bytes as they are: the same answer every time, built once (a truncation
            // or a dribble set below drops it).
            if !rewritten, headers.isEmpty { response = served.answers.attach(to: response) }
        }
        switch decision.delivery {
        case .truncate?: response.truncateAfter = response.body.count / 2
        case .slowBody?: response.dribble = (bytes: 16, pause: 0.02)
        default: break
        }
        response.delay = decision.delay
        return response
    }

    /// A fault that is not the API's answer: no answer at all, or bytes no client can use.
    private static func broken(_ fault: ServeFault) -> ServerResponse {
        switch fault {
        case .reset:
            return ServerResponse(status: 0, ending: .reset)
        case .empty:
            return ServerResponse(status: 0, ending: .close)
        case .garbage:
            return ServerResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Data("\u{1F}\u{8B}<<garbage>>{\"code\":".utf8) + Data([0xFF, 0xFE, 0x00, 0x7B]))
        case .truncate, .slowBody:
            preconditionFailure("\(fault.rawValue) shapes how an answer goes out; decide makes it a delivery, not an answer")
        case .html502:
            return ServerResponse(
                status: 502, headers: [("Content-Type", "text/html")],
                body: Data(
                    """
                    <html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r
                    <hr><center>nginx</center>\r\n</body>\r\n</html>\r\n
                    """.utf8))
        }
    }

    /// The answer `Prefer: code=N` asks for: the endpoint's envelope with that code and a null
    /// payload, else an error body in the API's shape (HTTP 400), else a problem document.
    private func coded(_ code: EnvelopeCode, endpoint: AnyEndpoint) -> ServerResponse {
        let rules = api.rules(for: endpoint)
        let message = "code \(code.text) on request"
        guard let policy = rules.envelope else {
            guard let errors = api.errors, errors != .problemJSON else {
                return ProblemDocument(status: 400, title: "Code on request", detail: message).response(refusals)
            }
            return ServerResponse(
                status: 400, headers: [("Content-Type", errors.contentType)],
                body: Data(errors.body(code: code, message: message, status: 400, like: refusals.example).compactText.utf8))
        }
        return .json(Data(policy.envelope(code: code, message: message).compactText.utf8))
    }

    private func headed(_ response: ServerResponse, endpoint: AnyEndpoint, scenario: String?) -> ServerResponse {
        var response = response
        response.headers += [("X-Apicheck-Endpoint", endpoint.id), ("X-Apicheck-Scenario", scenario ?? ScenarioName.success.rawValue)]
        return response
    }

    /// A login's or refresh's answer with the tokens serve issued: the access token where the auth
    /// policy reads it, and a refresh token (a fresh one, or `refreshToken` where tokens do not
    /// rotate) where the refresh policy reads it.
    private func issuedTokens(_ issued: MockDecision.IssuedTokens, in document: JSONValue, endpoint: AnyEndpoint) -> Data {
        var document = withToken(issued.accessToken, in: document, endpoint: endpoint)
        if let refresh = api.auth.refresh {
            if let token = issued.refreshToken { document.set(.string(token), at: refresh.refreshTokenPath) }
            if let lifetime = options.tokenLifetime, lifetime > .zero, let path = refresh.expiresInPath {
                document.set(.number(Self.number(lifetime, in: refresh.expiresInUnit)), at: path)
            }
        }
        return Data(document.compactText.utf8)
    }

    /// `lifetime` as the answer counts it: `90` seconds, `90000` milliseconds.
    static func number(_ lifetime: Duration, in unit: RefreshPolicy.Unit) -> String {
        let (seconds, attoseconds) = lifetime.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        switch unit {
        case .milliseconds: return String(milliseconds)
        case .seconds: return milliseconds % 1000 == 0 ? String(seconds) : String(Double(milliseconds) / 1000)
        }
    }

    /// Who logs in: the parameter whose sample is the account variable, else one named `account`.
    func account(in request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> String {
        if api.auth.sendsBasicCredentials(endpoint) { return basicCredentials(in: request)?.account ?? "" }
        if let declared = endpoint.requestBody,
            let input = declared.inputs.first(where: { $0.sample?.variable == api.auth.accountVariable })
                ?? declared.inputs.first(where: { $0.name == "account" })
        {
            // Where the typed body's sample puts the account, read from the body received.
            return declared.path(ofInput: input.name).flatMap { Self.document(body).value(at: $0) }.map { $0.stringValue ?? $0.compactText }
                ?? ""
        }
        let parameter =
            endpoint.parameters.first { $0.sample?.variable == api.auth.accountVariable }
            ?? endpoint.parameters.first { $0.name == "account" }
        guard let parameter else { return "" }
        switch parameter.location {
        case .body: return body[parameter.name].map { $0.stringValue ?? $0.compactText } ?? ""
        case .query: return request.queryValue(parameter.name) ?? ""
        case .header: return request.field(parameter.name.lowercased()) ?? ""
        case .cookie: return request.cookie(parameter.name) ?? ""
        case .path: return ""
        }
    }

    /// The login answer with a fresh token where the auth policy reads it: the payload's
    /// `tokenField`, or the payload itself when it is a string.
    private func withToken(_ token: String, in document: JSONValue, endpoint: AnyEndpoint) -> JSONValue {
        let payloadKeys = (api.envelope(for: endpoint)?.payloadPath?.components ?? []).compactMap { component -> String? in
            if case let .key(key) = component { return key } else { return nil }
        }
        let keys = payloadKeys + (api.auth.tokenField?.split(separator: ".").map(String.init) ?? [])
        let payload = document.value(at: JSONPath(payloadKeys.map(JSONPath.Component.key)))
        if case .string? = payload {
            return Self.replacing(at: payloadKeys, in: document, with: .string(token))
        }
        return Self.replacing(at: keys[...], in: document, with: .string(token))
    }

    static func replacing(at keys: ArraySlice<String>, in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        guard let key = keys.first else { return replacement }
        guard case var .object(members) = value else { return value }
        if let index = members.lastIndex(where: { $0.key == key }) {
            members[index].value = replacing(at: keys.dropFirst(), in: members[index].value, with: replacement)
        } else if keys.count == 1 {
            members.append((key, replacement))
        }
        return .object(members)
    }

    static func replacing(at keys: [String], in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        replacing(at: keys[...], in: value, with: replacement)
    }
}

extension ServerResponse {
    init(status: Int, ending: ConnectionEnding) {
        self.init(status: status)
        self.ending = ending
    }
}
