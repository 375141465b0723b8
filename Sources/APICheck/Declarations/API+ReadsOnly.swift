extension API {
    /// Whether a reads-only run (`live --reads-only`) sends `endpoint`: one that reads only, or one of
    /// the session's own endpoints (the account's logins, the refresh, a logout), which change the
    /// run's session and not the API's data. A login into another account (a register) creates
    /// that account: it is a write.
    public func isSentReadingOnly(_ endpoint: AnyEndpoint) -> Bool {
        if endpoint.readsOnly { return true }
        switch endpoint.sessionEffect {
        case .keepsSession: return false
        case .refreshes, .logsOut: return true
        case .logsIn: return endpoint.id == auth.loginEndpoint || auth.usesCredentials(endpoint)
        }
    }

    /// Whether a run sends `endpoint`: not left out by `--except` (`excluded`), and, under
    /// `--reads-only`, a read or the session's own (`isSentReadingOnly`).
    public func isSent(_ endpoint: AnyEndpoint, readsOnly: Bool, excluded: Set<String>) -> Bool {
        !excluded.contains(endpoint.id) && (!readsOnly || isSentReadingOnly(endpoint))
    }

    /// The writes a run holds back because `named` (the ids `--only` gave as themselves) leaves
    /// them out, each with why: declared `actingOnExisting()` or `changingGlobalState()`, and not
    /// declared `readingOnly()`. The one rule the plan and the command line's notes read; what
    /// ends the identity the run calls as (`endingIdentity()`) is held apart, as it also runs last.
    public func heldForName(_ named: Set<String>) -> [String: NamedOnly] {
        var held: [String: NamedOnly] = [:]
        for endpoint in endpoints {
            guard let reason = endpoint.namedOnly, reason != .endsIdentity, !endpoint.readsOnly, !named.contains(endpoint.id) else {
                continue
            }
            held[endpoint.id] = reason
        }
        return held
    }

    /// The endpoints of `ids` that a reads-only run cannot check, each with the write it needs
    /// first, directly or through another endpoint: one whose answer a required sample without a
    /// fallback reads. A sample with a fallback takes the fallback instead, as it does when its
    /// source fails. A declared `after:` or `ordered(after:)` orders only (the read runs whatever
    /// the write answered), so a write it names, unsent, holds nothing up: the import orders each
    /// creation before the reads of its resource, whose variables name a resource that exists.
    public func writesNeeded(by ids: Set<String>) -> [String: String] {
        unsentNeeded(by: ids, sends: isSentReadingOnly)
    }

    /// `writesNeeded(by:)` for any run that sends only what `sends` lets through (`--reads-only`,
    /// `--except`): each endpoint of `ids` that needs one it does not send first, with that one.
    public func unsentNeeded(by ids: Set<String>, sends: (AnyEndpoint) -> Bool) -> [String: String] {
        var memo: [String: String?] = [:]
        func unsent(needed endpoint: AnyEndpoint) -> String? {
            if let known = memo[endpoint.id] { return known }
            // A cycle among endpoints that are sent needs nothing unsent through itself.
            memo[endpoint.id] = .some(nil)
            var found: String?
            for source in endpoint.hardPrerequisiteIDs.sorted() {
                guard let needed = self.endpoint(source) else { continue }
                found = sends(needed) ? unsent(needed: needed) : source
                if found != nil { break }
            }
            memo[endpoint.id] = .some(found)
            return found
        }
        var needed: [String: String] = [:]
        for endpoint in endpoints where ids.contains(endpoint.id) {
            if let found = unsent(needed: endpoint) { needed[endpoint.id] = found }
        }
        return needed
    }

    /// What a reads-only run of `selected` runs first, unreported: `dependencies(of:)` walked
    /// through the endpoints it sends and can check only.
    public func readsOnlyDependencies(of selected: Set<String>) -> [(id: String, neededBy: String)] {
        dependencies(of: selected, sending: isSentReadingOnly)
    }

    /// What a run that sends only what `sends` lets through runs first for `selected`, unreported.
    public func dependencies(of selected: Set<String>, sending sends: (AnyEndpoint) -> Bool) -> [(id: String, neededBy: String)] {
        dependencies(of: selected, including: { sends($0) && unsentNeeded(by: [$0.id], sends: sends).isEmpty })
    }
}

extension AnyEndpoint {
    /// The prerequisites it cannot run without: the sources of its required `.seen` samples that
    /// have no fallback, and of its required `.sent` ones.
    var hardPrerequisiteIDs: Set<String> {
        var ids: Set<String> = []
        for parameter in sampledValues where parameter.required {
            if let (source, _, fallback) = parameter.sample?.seenSource, fallback == nil, source != id { ids.insert(source) }
            if let (source, _) = parameter.sample?.sentSource, source != id { ids.insert(source) }
        }
        return ids
    }
}
