extension LivePlan {
    /// The next page of each endpoint of `selected` that declares paging, once its own check got
    /// the first; returns the steps that send the session's token. The two pages a step judges must
    /// come from one state of the list: a write of the same run between them (a create that puts
    /// a new item first, under offset tokens) repeats an item or skips one, and the server would
    /// be blamed for the run's own doing. Which lists a write changes the declarations do not say
    /// (a create may reorder another resource's list by its update time), so where the run has
    /// writes among `writes`, the step waits for all of them and asks for its first page itself.
    /// A run without writes (`--reads-only`) pages on from the endpoint's own answer, at no cost.
    mutating func planPaging(_ selected: [AnyEndpoint], writes: [AnyEndpoint], checks: [String: LiveStep.ID]) -> Set<LiveStep.ID> {
        let written = writes.filter { !$0.readsOnly }.compactMap { checks[$0.id] }
        var usingSessionToken: Set<LiveStep.ID> = []
        for endpoint in selected where endpoint.paging != nil {
            guard let own = checks[endpoint.id] else { continue }
            let after = Set(written).subtracting([own])
            let id = add(.paging(endpoint), endpoint.requiresToken ? .live(issuedBy: login) : .nothing, checks, after: after)
            if !after.isEmpty { rereadingPaging.insert(id) }
            if endpoint.requiresToken { usingSessionToken.insert(id) }
        }
        return usingSessionToken
    }
}
