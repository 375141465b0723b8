extension LiveCheck {
    /// Why a check is not checked when the server refused, with a client error, what the call
    /// made up from the schema (`AnyEndpoint.madeUpSamples(sent:)`); nil when the answer is the
    /// endpoint's to judge. These stay its findings: a 5xx, whatever was sent; the auth answers
    /// (a 401, the API's dead-token and forced-logout answers), which are the token's; a 404 that
    /// is no JSON (a path the server does not route) or of a path whose id the run read from the
    /// server's own answers, which names no made-up value; a login's refusal; and any refusal of
    /// what a person or the document gave.
    func madeUpRefusal(_ step: LiveStep, _ values: [String: ParameterValue], _ call: CallOutcome) -> SkipReason? {
        let endpoint = step.endpoint
        guard case .check = step.action, endpoint.sessionEffect == .keepsSession, call.error != nil,
            let status = call.exchange?.response.status, (400..<500).contains(status), status != 401
        else { return nil }
        switch call.classification {
        case .tokenExpired?, .forcedLogout?: return nil
        default: break
        }
        if status == 404 {
            // A page that is not the API's JSON (a framework's "Page not found") says the path is
            // not routed at all, whatever the body held.
            let json = call.exchange?.response.contentType.flatMap(MediaType.init)?.isJSON == true
            if !json || endpoint.parameters.contains(where: { $0.location == .path && readFromAnswers($0) }) { return nil }
        }
        let madeUp = endpoint.madeUpSamples(sent: values)
        guard !madeUp.isEmpty else { return nil }
        return .madeUpRefused(endpoint.id, status: status, samples: madeUp, said: call.exchange.map { said($0.response) } ?? "no body")
    }

    /// Whether the run took the parameter's value from an earlier answer: a `.seen` sample, or
    /// one read while its variable is unset.
    private func readFromAnswers(_ parameter: Parameter) -> Bool {
        guard parameter.sample?.seenSource != nil else { return false }
        return parameter.sample?.variable.map { options.environment[$0] == nil } ?? true
    }

    /// The answer that holds the values `variable` names: a declared sample that reads it, and
    /// while it is unset the answer of another endpoint (an imported read of one object falls back
    /// to the first its list answers).
    func listing(_ variable: String) -> (endpoint: String, path: DeclaredPath)? {
        for endpoint in api.endpoints {
            for parameter in endpoint.sampledValues where parameter.sample?.variable == variable {
                if let source = parameter.sample?.seenSource { return (source.endpoint, source.path) }
            }
        }
        return nil
    }

    /// The `DELETE`s whose path ends on a placeholder that takes its value from `variable`: they
    /// delete the object it names (`DELETE runs/{run_id}`). One below it (`runs/{run_id}/tags/{tag_id}`)
    /// deletes something else.
    func deletions(of variable: String) -> [String] {
        api.endpoints.filter { endpoint in
            guard endpoint.method == .delete, let last = endpoint.path.split(separator: "/").last else { return false }
            return endpoint.parameters.contains {
                $0.location == .path && $0.sample?.variable == variable && last == "{\($0.name)}"
            }
        }.map(\.id)
    }
}
