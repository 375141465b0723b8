import APICheck
import Foundation

/// What a command that calls a server (`live`, `record`) needs before its first request: declarations
/// without problems, a target (the one given, else the bundled sandbox, started here), and the
/// credentials the auth policy names when anything selected needs them.
struct LiveTarget {
    let url: URL
    /// The process environment, with the sandbox's demo account when the sandbox is the target and
    /// the environment names none.
    let environment: [String: String]
    /// Stop it when the command is done.
    let sandbox: (any RunningSandbox)?

    /// The endpoints a run of `only` may call: the selection, what its samples and order need,
    /// and the session's own (the login, the refresh, logins and logouts the probes use). A
    /// reads-only run calls no write the selection needs.
    static func endpointsCalled(by only: Set<String>, readsOnly: Bool = false, excluded: Set<String> = [], in api: API) -> Set<String> {
        let sends = { api.isSent($0, readsOnly: readsOnly, excluded: excluded) }
        let needed = readsOnly || !excluded.isEmpty ? api.dependencies(of: only, sending: sends) : api.dependencies(of: only)
        var called = only.union(needed.map(\.id))
        if let login = api.auth.loginEndpoint { called.insert(login) }
        if let refresh = api.auth.refresh?.endpoint { called.insert(refresh) }
        for endpoint in api.endpoints where endpoint.sessionEffect != .keepsSession { called.insert(endpoint.id) }
        return called
    }

    /// What the command does to the target, as its notes say it.
    enum Purpose {
        case check, record, proxy

        var gerund: String {
            switch self {
            case .check: "checking"
            case .record: "recording"
            case .proxy: "proxying to"
            }
        }

        var verb: String {
            switch self {
            case .check: "check"
            case .record: "record"
            case .proxy: "proxy to"
            }
        }

        /// When there is no target and no sandbox: the ways this command takes one, and no
        /// other (proxy's URL is --upstream, not --base-url).
        func noTarget(environments: [String]) -> String {
            let env = environments.isEmpty ? "--env NAME" : "--env " + environments.joined(separator: "|")
            switch self {
            case .check, .record:
                return "no target: give --base-url URL, \(env) or set APICHECK_BASE_URL"
            case .proxy:
                return "no upstream: give --upstream URL, \(env) or set APICHECK_BASE_URL"
            }
        }
    }

    init(
        _ context: CommandContext, baseURL: URL?, only: Set<String>?, readsOnly: Bool = false, excluded: Set<String> = [], doing: Purpose
    ) throws {
        let api = context.api
        // With --only, an endpoint the run never calls does not hold it up: only the problems of
        // the API as a whole and of what the run calls (the selection, what it needs, the
        // session's endpoints) do; the others are said.
        let runs = only.map { Self.endpointsCalled(by: $0, readsOnly: readsOnly, excluded: excluded, in: api) }
        let (problems, elsewhere) = api.problems.reduce(into: ([Finding](), Set<String>())) { sorted, problem in
            if let endpoint = problem.endpoint, let runs, !runs.contains(endpoint) {
                sorted.1.insert(endpoint)
            } else {
                sorted.0.append(problem)
            }
        }
        if !problems.isEmpty {
            throw CommandFailure(
                "the \(api.name) API's declarations need fixing first:",
                details: problems.map { "\($0.endpoint ?? api.name): \($0.message)" })
        }
        if !elsewhere.isEmpty {
            context.note(
                "\(elsewhere.count) endpoint\(elsewhere.count == 1 ? "" : "s") outside \(readsOnly ? "the run" : "--only") need\(elsewhere.count == 1 ? "s" : "") "
                    + "fixing ('\(context.tool) mocks' says why): \(elsewhere.sorted().joined(separator: ", "))")
        }
        var environment = context.environment
        if let baseURL {
            url = baseURL
            sandbox = nil
        } else {
            guard let launcher = context.sandbox else {
                throw CommandFailure(doing.noTarget(environments: api.environments.keys.sorted()))
            }
            let running: any RunningSandbox
            do {
                running = try launcher.start(port: 0, tokenTTL: 3600, faults: [])
            } catch {
                throw CommandFailure("cannot start the bundled sandbox: \(error)")
            }
            url = running.baseURL
            sandbox = running
            context.note("no target configured; \(doing.gerund) the bundled sandbox at \(url.absoluteString)")
            // The sandbox's demo account, unless the environment names one.
            if (environment[api.auth.accountVariable] ?? "").isEmpty, (environment[api.auth.passwordVariable] ?? "").isEmpty {
                environment[api.auth.accountVariable] = launcher.account
                environment[api.auth.passwordVariable] = launcher.password
            }
        }
        self.environment = environment
        let selected = api.endpoints.filter { only?.contains($0.id) ?? true }
        if api.auth.isIssuedBeforehand, selected.contains(where: \.requiresToken), api.auth.tokenIssuedBeforehand(in: environment) == nil {
            sandbox?.stop()
            let what = api.auth.placement == .basic ? "the account and password" : "the token"
            throw CommandFailure(
                "set \(api.auth.beforehandVariables.replacingOccurrences(of: "$", with: "")) to \(what) to "
                    + "\(doing.verb) \(api.makeRedactor().display(url)) with (credentials are never taken from flags)")
        }
        if api.auth.loginEndpoint != nil, selected.contains(where: { $0.requiresToken || $0.id == api.auth.loginEndpoint }),
            [api.auth.accountVariable, api.auth.passwordVariable].contains(where: { environment[$0]?.isEmpty ?? true })
        {
            sandbox?.stop()
            throw CommandFailure(
                "set \(api.auth.accountVariable) and \(api.auth.passwordVariable) "
                    + "to the account to \(doing.verb) \(api.makeRedactor().display(url)) with "
                    + "(credentials are never taken from flags)")
        }
    }
}
