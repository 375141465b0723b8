import APICheck
import Foundation
import HTTPServer

extension MockServer {
    /// A declared route: validate, pick what to serve (auth first, then the chosen scenario,
    /// fault or code), then delay.
    func serve(_ endpoint: AnyEndpoint, request: ServerRequest, pathValues: [(name: String, value: String)],
               record: inout ServedRecord) -> ServerResponse {
        let (problems, body) = RequestValidator(endpoint: endpoint).validate(request, pathValues: pathValues)
        guard problems.isEmpty else {
            record.problems = problems.map(\.text)
            return ProblemDocument.invalid(endpoint, problems).response(in: api.errors)
        }
        let preferred: ServeChoice
        switch ServeChoice.parse(prefer: request.fields("prefer")) {
        case let .success(choice): preferred = choice
        case let .failure(problem):
            record.problems = [problem.detail]
            return problem.response(in: api.errors)
        }
        let session = request.field("x-apicheck-session")
        let choice = preferred.over(scenarios.choice(for: endpoint.id, session: session))
        if let scenario = choice.scenario, scenario != MockScenario.success, !(known[endpoint.id] ?? []).contains(scenario) {
            record.problems = ["unknown scenario \(scenario)"]
            return ProblemDocument.unknownScenario(scenario, of: endpoint.id, known: [MockScenario.success] + (known[endpoint.id] ?? [])).response(in: api.errors)
        }
        var response = answer(endpoint, choice: choice, request: request, body: body, record: &record)
        switch choice.fault {
        case .truncate?:
            response.truncateAfter = response.body.count / 2
            record.scenario = "fault=truncate"
        case .slowBody?:
            response.dribble = (bytes: 16, pause: 0.02)
            record.scenario = "fault=slow-body"
        default: break
        }
        if let ms = choice.delay ?? options.delay.map({ Int.random(in: $0) }), ms > 0 {
            response.delay = Double(ms) / 1000
        }
        return response
    }

    private func answer(_ endpoint: AnyEndpoint, choice: ServeChoice, request: ServerRequest, body: [String: JSONValue],
                        record: inout ServedRecord) -> ServerResponse {
        switch choice.fault {
        case .reset?:
            record.scenario = "fault=reset"
            return ServerResponse(status: 0, ending: .reset)
        case .empty?:
            record.scenario = "fault=empty"
            return ServerResponse(status: 0, ending: .close)
        case .garbage?:
            record.scenario = "fault=garbage"
            return ServerResponse(status: 200, headers: [("Content-Type", "application/json")],
                                  body: Data("\u{1F}\u{8B}<<garbage>>{\"code\":".utf8) + Data([0xFF, 0xFE, 0x00, 0x7B]))
        case .html502?:
            record.scenario = "fault=html-502"
            return ServerResponse(status: 502, headers: [("Content-Type", "text/html")], body: Data("""
                <html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r
                <hr><center>nginx</center>\r\n</body>\r\n</html>\r\n
                """.utf8))
        case .truncate?, .slowBody?, nil:
            break
        }
        let token = Self.token(in: request, placement: api.auth.placement)
        var scenario = choice.scenario == MockScenario.success ? nil : choice.scenario
        if endpoint.requiresToken, !options.stateless {
            switch tokens.standing(of: token) {
            case .live: break
            case .revoked: scenario = MockScenario.logout
            case .unknown: scenario = MockScenario.expired
            }
        }
        if scenario == nil, let code = choice.code {
            record.scenario = "code=\(code.text)"
            return headed(coded(code, endpoint: endpoint, token: token), endpoint: endpoint, scenario: record.scenario)
        }
        // A logout variant served on purpose is a forced logout: the token is revoked with it.
        if scenario == MockScenario.logout, let token, choice.scenario == MockScenario.logout { tokens.revoke(token) }
        record.scenario = scenario ?? MockScenario.success
        guard let file = mocks.file(of: endpoint, scenario: scenario), let served = bodies.body(of: file, endpoint: endpoint) else {
            let name = endpoint.mock + (scenario.map { "@\($0)" } ?? "")
            return ProblemDocument(status: 500, title: "No mock",
                                   detail: "\(endpoint.id): no usable mock \(name).json in \(mocks.url.path)").response(in: api.errors)
        }
        var data = served.data
        var rewritten = false
        if scenario == nil, !options.stateless {
            switch endpoint.sessionEffect {
            case .logsIn:
                let issued = tokens.issue(account: account(in: request, body: body, endpoint: endpoint))
                data = Data(withToken(issued, in: served.document, endpoint: endpoint).compactText.utf8)
                rewritten = true
            case .logsOut:
                if let token { tokens.end(token) }
            case .keepsSession:
                break
            }
        }
        if scenario == nil, let paging = endpoint.paging,
           let cursor = request.query.last(where: { $0.name == paging.next }).flatMap({ Int64($0.value) }), cursor > 0 {
            data = Data(PagedBody(paging: paging).page(of: served.document, after: cursor).compactText.utf8)
            rewritten = true
        }
        let response = headed(.json(data, status: mocks.status(of: file)), endpoint: endpoint, scenario: record.scenario)
        // The file's bytes as they are: the same answer every time, built once.
        return rewritten ? response : served.answers.attach(to: response)
    }

    /// The answer `Prefer: code=N` asks for: the endpoint's envelope with that code and a null
    /// payload, else an error body in the API's shape (HTTP 400), else a problem document.
    private func coded(_ code: EnvelopeCode, endpoint: AnyEndpoint, token: String?) -> ServerResponse {
        let rules = api.rules(for: endpoint)
        if let token, rules.envelope?.logoutCodes.contains(code) == true || rules.logout.contains(where: { $0.code == code }) {
            tokens.revoke(token)
        }
        let message = "code \(code.text) on request"
        guard let policy = rules.envelope else {
            guard let errors = api.errors, errors != .problemJSON else {
                return ProblemDocument(status: 400, title: "Code on request", detail: message).response(in: api.errors)
            }
            return ServerResponse(status: 400, headers: [("Content-Type", errors.contentType)],
                                  body: Data(errors.body(code: code, message: message, status: 400).compactText.utf8))
        }
        var envelope = JSONValue.object([])
        envelope.set(code.json, at: policy.codePath)
        envelope.set(.string(message), at: policy.messagePath)
        if let payload = policy.payloadPath { envelope.set(.null, at: payload) }
        return .json(Data(envelope.compactText.utf8))
    }

    private func headed(_ response: ServerResponse, endpoint: AnyEndpoint, scenario: String?) -> ServerResponse {
        var response = response
        response.headers += [("X-Apicheck-Endpoint", endpoint.id), ("X-Apicheck-Scenario", scenario ?? MockScenario.success)]
        return response
    }

    static func token(in request: ServerRequest, placement: AuthPolicy.Placement) -> String? {
        switch placement {
        case let .query(name):
            return request.queryValue(name)
        case let .header(name, prefix):
            guard let value = request.field(name.lowercased()) else { return nil }
            return value.hasPrefix(prefix) ? String(value.dropFirst(prefix.count)) : value
        }
    }

    /// Who logs in: the parameter whose sample is the account variable, else one named `account`.
    private func account(in request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> String {
        if let declared = endpoint.requestBody, let input = declared.inputs.first(where: { input in
            if case let .environment(name, _)? = input.sample { return name == api.auth.accountVariable }
            return false
        }) ?? declared.inputs.first(where: { $0.name == "account" }) {
            // Where the typed body's sample puts the account, read from the body received.
            let document = JSONValue.object(body.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            return declared.path(ofInput: input.name).flatMap { document.value(at: $0) }.map { $0.stringValue ?? $0.compactText } ?? ""
        }
        let parameter = endpoint.parameters.first { parameter in
            if case let .environment(name, _)? = parameter.sample { return name == api.auth.accountVariable }
            return false
        } ?? endpoint.parameters.first { $0.name == "account" }
        guard let parameter else { return "" }
        switch parameter.location {
        case .body: return body[parameter.name].map { $0.stringValue ?? $0.compactText } ?? ""
        case .query: return request.queryValue(parameter.name) ?? ""
        case .header: return request.field(parameter.name.lowercased()) ?? ""
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
