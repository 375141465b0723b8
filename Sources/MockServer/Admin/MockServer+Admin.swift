import APICheck
import Foundation
import HTTPServer

/// The admin API under `/__apicheck/` (docs/serve.md): health, the endpoints, sticky scenarios
/// (the server's, or a session's with `X-Apicheck-Session`), the request journal, and reset.
extension MockServer {
    func admin(_ request: ServerRequest) -> ServerResponse {
        if let refusal = AdminGuard(options: options, port: port).refusal(of: request) { return refusal.response }
        let rest = request.path.dropFirst(min(request.path.count, Self.adminPrefix.count))
        let parts = rest.split(separator: "/").map(String.init)
        let session = request.field("x-apicheck-session")
        switch (request.method, parts.first, parts.count) {
        case ("GET", "health"?, 1), ("HEAD", "health"?, 1):
            return Self.json(
                .object([
                    ("status", .string("ok")), ("api", .string(api.name)),
                    ("basePath", .string(basePath)),
                    ("endpoints", .number(String(api.endpoints.count))),
                    ("uptime", .number(String(admin.uptime()))),
                    ("stateless", .bool(options.stateless)),
                ]))
        case ("GET", "endpoints"?, 1):
            return Self.json(
                .array(
                    api.endpoints.map { endpoint in
                        .object([
                            ("id", .string(endpoint.id)), ("method", .string(endpoint.method.rawValue)),
                            ("path", .string(basePath + endpoint.path)), ("auth", .bool(endpoint.requiresToken)),
                            ("mock", .string(endpoint.mock)),
                            ("scenarios", .array((scenarioNames(of: endpoint.id) ?? []).map { .string($0.rawValue) })),
                        ])
                    }))
        case ("GET", "scenarios"?, 1):
            let choices = scenarios.choices(session: session)
            return Self.json(
                .object([
                    ("session", session.map(JSONValue.string) ?? .null),
                    ("choices", .object(choices.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })),
                ]))
        case ("PUT", "scenarios"?, 2), ("POST", "scenarios"?, 2):
            return setChoice(request, endpoint: parts[1], session: session)
        case ("DELETE", "scenarios"?, 1), ("DELETE", "scenarios"?, 2):
            if parts.count == 2, scenarioNames(of: parts[1]) == nil { return unknownEndpoint(parts[1]) }
            scenarios.clear(parts.count == 2 ? parts[1] : nil, session: session)
            return ServerResponse(status: 204)
        case ("GET", "requests"?, 1):
            let formatter = ISO8601DateFormatter()
            let now = Date(), clock = ContinuousClock.now
            let entries = admin.journal.all(session: session).map { $0.json(formatter, targets: targets, now: now, clock: clock) }
            return Self.json(.object([("requests", .array(entries))]))
        case ("DELETE", "requests"?, 1):
            admin.journal.clear(session: session)
            return ServerResponse(status: 204)
        case ("POST", "tokens"?, 2) where parts[1] == "expire":
            return expireTokens(request)
        case ("POST", "reset"?, 1):
            auth.tokens.reset()
            scenarios.reset()
            admin.journal.clear()
            return ServerResponse(status: 204)
        case (_, let name?, _) where ["health", "endpoints", "scenarios", "requests", "reset", "tokens"].contains(name):
            let allowed =
                name == "scenarios"
                ? (parts.count == 1 ? "GET, DELETE" : "PUT, DELETE")
                : name == "requests" ? "GET, DELETE" : name == "reset" || name == "tokens" ? "POST" : "GET"
            return ProblemDocument.wrongMethod(
                method: request.method, path: request.path,
                allowed: allowed.components(separatedBy: ", ")
            ).response
        default:
            return ProblemDocument(
                status: 404, title: "No such admin route",
                detail: "the admin API has health, endpoints, scenarios[/ID], requests, reset, tokens/expire under \(Self.adminPrefix)"
            ).response
        }
    }

    /// `POST tokens/expire`: `{"token": "…"}` expires that token, an empty body every live one;
    /// answers how many died. A UI test drives an app's refresh path with it.
    private func expireTokens(_ request: ServerRequest) -> ServerResponse {
        let named: String?
        if request.body.isEmpty {
            named = nil
        } else {
            guard let document = try? JSONParser.parse(request.body), case .object = document,
                let token = document["token"]?.stringValue
            else {
                return ProblemDocument(status: 400, title: "Invalid request", detail: #"expects {"token": "…"} or no body"#).response
            }
            named = token
        }
        let expired: Int
        if let named {
            expired = auth.tokens.expire(named) ? 1 : 0
        } else {
            expired = auth.tokens.expireAll()
        }
        return Self.json(.object([("expired", .number(String(expired)))]))
    }

    private func setChoice(_ request: ServerRequest, endpoint id: String, session: String?) -> ServerResponse {
        guard scenarioNames(of: id) != nil else { return unknownEndpoint(id) }
        let choice: ServeChoice
        do throws(ProblemDocument) {
            let document: JSONValue
            do throws(JSONParseError) {
                document = try JSONParser.parse(request.body)
            } catch {
                throw ProblemDocument(status: 400, title: "Invalid choice", detail: "the body is not JSON: \(error.description)")
            }
            choice = try ServeChoice(json: document)
        } catch {
            return error.response
        }
        if let scenario = choice.scenario, case let .unknownScenario(names) = check(scenario, of: id) {
            return ProblemDocument.unknownScenario(scenario, of: id, known: names).response
        }
        scenarios.set(choice, for: id, session: session)
        return Self.json(
            .object([
                ("endpoint", .string(id)), ("session", session.map(JSONValue.string) ?? .null),
                ("choice", choice.json),
            ]))
    }

    private func unknownEndpoint(_ id: String) -> ServerResponse {
        ProblemDocument(
            status: 404, title: "No such endpoint",
            detail: "no endpoint '\(DisplayText.escaped(id))'; endpoints: \(api.endpoints.map(\.id).joined(separator: ", "))"
        ).response
    }

    static func json(_ value: JSONValue, status: Int = 200) -> ServerResponse {
        .json(Data(value.compactText.utf8), status: status)
    }
}
