extension API {
    /// Mistakes in the declarations that no compiler catches: a path placeholder without its
    /// parameter, a sample that waits for an endpoint that does not exist, two endpoints with one
    /// id. `apicheck mocks` reports them; `apicheck live` refuses to run with them.
    public var problems: [Finding] {
        var problems: [Finding] = []
        func problem(_ endpoint: String, _ message: String) {
            problems.append(Finding(kind: .declaration, severity: .error, category: .harness, endpoint: endpoint, message: message))
        }
        for id in changesOfNoEndpoint {
            problem(id, "changingEndpoint(\"\(id)\") names no endpoint: the change was not made")
        }
        var seenIDs: Set<String> = [], seenMocks: [String: String] = [:]
        for endpoint in endpoints {
            if !seenIDs.insert(endpoint.id).inserted { problem(endpoint.id, "two endpoints are declared with the id '\(endpoint.id)'") }
            if let other = seenMocks[endpoint.mock] {
                problem(endpoint.id, "shares the mock name '\(endpoint.mock)' with \(other)")
            } else {
                seenMocks[endpoint.mock] = endpoint.id
            }
            let placeholders = Set(endpoint.pathParameterNames)
            let pathParameters = Set(endpoint.parameters.filter { $0.location == .path }.map(\.name))
            for name in placeholders.subtracting(pathParameters).sorted() {
                problem(endpoint.id, "the path '\(endpoint.path)' has {\(name)} but no path parameter '\(name)' is declared")
            }
            for name in pathParameters.subtracting(placeholders).sorted() {
                problem(endpoint.id, "path parameter '\(name)' has no {\(name)} in the path '\(endpoint.path)'")
            }
            // Read as bytes first: Foundation's `contains` of a string costs more than the rest of the checks.
            for segment in RouteTable.segments(endpoint.path)
            where segment.utf8.contains(UInt8(ascii: "+")) && segment.contains("{+") && !(segment.hasPrefix("{+") && segment.hasSuffix("}"))
            {
                problem(
                    endpoint.id,
                    "the path '\(endpoint.path)' puts text around \(segment)'s placeholder; "
                        + "a value that spans segments ({+name}) must be a whole segment")
            }
            if endpoint.method == .get || endpoint.method.rawValue == "HEAD",
                let body = endpoint.parameters.first(where: { $0.location == .body })
            {
                problem(endpoint.id, "a \(endpoint.method) request has no body, but parameter '\(body.name)' is declared in the body")
            }
            if let body = endpoint.requestBody { problems += bodyProblems(endpoint, body) }
            for scenario in endpoint.scenarios where !scenario.isFileNamePart {
                let named = endpoint.errorChecks.contains { $0.scenario == scenario } ? "error check" : "scenario"
                problem(
                    endpoint.id,
                    "\(named) '\(scenario)': a scenario is named with letters, digits, _ and - only (it names the mock \(endpoint.mock)@<scenario>.json)"
                )
            }
            problems += errorCheckProblems(endpoint)
            if endpoint.enveloped == true, endpoint.ownEnvelope == nil, envelope == nil {
                problem(
                    endpoint.id,
                    "says enveloped: true, but the API declares no envelope (envelope: .none); give the endpoint its own envelope: EnvelopePolicy(...)"
                )
            }
            if let own = endpoint.ownEnvelope, let mixed = own.mixedKindsProblem { problem(endpoint.id, mixed) }
            if let paging = endpoint.paging {
                for problem in paging.problems(in: endpoint) { problems.append(problem) }
            }
            for name in endpoint.after + endpoint.orderedAfter where name == endpoint.id || self.endpoint(name) == nil {
                problem(
                    endpoint.id,
                    name == endpoint.id
                        ? "declares to come after itself"
                        : "declares to come after '\(name)', which is not declared")
            }
            for parameter in endpoint.sampledValues {
                if case let .template(template, _)? = parameter.sample, !template.contains("{}") {
                    problem(endpoint.id, "parameter '\(parameter.name)' has the template '\(template)', which has no {} for the value")
                }
                if let (source, _) = parameter.sample?.sentSource, let found = self.endpoint(source), found.requestBody == nil,
                    !found.parameters.contains(where: { $0.location == .body })
                {
                    problem(endpoint.id, "parameter '\(parameter.name)' samples what '\(source)' sent, which sends no body")
                }
                guard let (source, path) = parameter.sample?.seenSource.map({ ($0.endpoint, $0.path) }) ?? parameter.sample?.sentSource
                else { continue }
                if self.endpoint(source) == nil {
                    problem(endpoint.id, "parameter '\(parameter.name)' samples from '\(source)', which is not declared")
                }
                if path.path == nil {
                    problem(
                        endpoint.id,
                        "parameter '\(parameter.name)' samples from the path '\(path)', which is not a JSONPath like $.datas.items[0].id")
                }
            }
        }
        problems += routeProblems
        problems += authProblems
        if let mixed = envelope?.mixedKindsProblem { problem(name, mixed) }
        if let needing = endpoints.first(where: \.requiresToken), !auth.hasToken {
            problem(needing.id, "needs the token, but the API declares no login (auth: .noLogin)")
        } else if endpoints.contains(where: \.requiresToken), let loginID = auth.loginEndpoint {
            if let login = endpoint(loginID) {
                // A Basic login's credentials travel in its Authorization header, not its parameters.
                for variable in [auth.accountVariable, auth.passwordVariable]
                where auth.loginCredentials == .parameters && !login.sampledValues.contains(where: { $0.sample?.variable == variable }) {
                    problem(
                        login.id,
                        "no parameter of the login endpoint takes its sample from $\(variable), which the auth policy names for credentials"
                    )
                }
            } else {
                problem(loginID, "the auth policy logs in through '\(loginID)', which is not declared")
            }
        }
        return problems
    }

    /// A typed body is the whole body: no scalar body parameters beside it, no GET, and inputs
    /// named apart from the parameters (a call gives both by name).
    private func bodyProblems(_ endpoint: AnyEndpoint, _ body: RequestBody) -> [Finding] {
        var messages: [String] = []
        if endpoint.method == .get || endpoint.method.rawValue == "HEAD" {
            messages.append("a \(endpoint.method) request has no body, but a \(body.typeName) body is declared")
        }
        if let flat = endpoint.parameters.first(where: { $0.location == .body }) {
            messages.append("declares a \(body.typeName) body and the body parameter '\(flat.name)' beside it; make it a field of the type")
        }
        if body.encoding != .json, let example = body.example(dates: dates) {
            do throws(RequestBody.BodyError) { _ = try body.data(example) } catch {
                messages.append("its \(body.typeName) sample cannot be sent: \(error)")
            }
        }
        for input in body.inputs where endpoint.parameters.contains(where: { $0.name == input.name }) {
            messages.append("the body input '\(input.name)' has the name of a parameter; name it apart")
        }
        return messages.map { Finding(kind: .declaration, severity: .error, category: .harness, endpoint: endpoint.id, message: $0) }
    }

    /// Endpoints on one method and path must declare what tells them apart: at most one of them
    /// may go without a distinction (it answers what the others do not), and no two alike.
    private var routeProblems: [Finding] {
        var problems: [Finding] = []
        // Ids, not endpoints: a table of 20,000 endpoint copies was a recording's largest allocation.
        var plain: [String: String] = [:]
        var distinctions: [String: [(Distinction, String)]] = [:]
        for endpoint in endpoints {
            let key = endpoint.routeKey
            func problem(_ message: String) {
                problems.append(
                    Finding(
                        kind: .declaration, severity: .error, category: .harness, endpoint: endpoint.id,
                        message: "\(endpoint.method) \(endpoint.path) is also declared by \(message)"))
            }
            guard let distinction = endpoint.distinction else {
                if let other = plain[key] {
                    problem(
                        "\(other); declare what tells them apart (distinguishedBy: a query parameter present, absent or of a value, a header, a body field)"
                    )
                } else {
                    plain[key] = endpoint.id
                }
                continue
            }
            if let other = distinctions[key]?.first(where: { $0.0 == distinction }) {
                problem("\(other.1) with the same distinction (\(distinction))")
            }
            distinctions[key, default: []].append((distinction, endpoint.id))
        }
        return problems
    }
}
