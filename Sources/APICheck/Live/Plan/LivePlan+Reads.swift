extension LivePlan {
    /// What later steps read of step `id`'s answer: the `.seen` samples of its endpoint and, when
    /// a paging step pages it, the ids of its items and the next token. A step keeps only these for the rest of the
    /// run, not the answer: a big answer would otherwise stay in memory until the run ends.
    func pathsRead(from id: LiveStep.ID) -> [JSONPath] { reads[id] ?? [] }

    /// What later steps read of the body step `id` sent (their `.sent` samples); empty for most
    /// steps, whose request is then not kept.
    func pathsSent(from id: LiveStep.ID) -> [JSONPath] { sentReads[id] ?? [] }

    /// Books what `step` reads of the answers it samples, under each source step. Gathered once
    /// per step as it is added: looking through every step for each answer made a run of 20,000
    /// endpoints cost 19 times one of 2,000.
    mutating func noteReads(of step: LiveStep) {
        for (source, id) in step.samples where steps[id].endpoint.id == source {
            var paths: [JSONPath] = []
            if case let .paging(endpoint) = step.action, endpoint.id == source, let paging = endpoint.paging {
                paths += paging.pathsRead
            }
            for parameter in step.endpoint.sampledValues {
                if let (endpoint, path, _) = parameter.sample?.seenSource, endpoint == source, let read = path.path {
                    paths.append(read)
                }
            }
            if !paths.isEmpty { reads[id, default: []] += paths }
            let sent = step.endpoint.sampledValues.compactMap { parameter -> JSONPath? in
                guard let (endpoint, path) = parameter.sample?.sentSource, endpoint == source else { return nil }
                return path.path
            }
            if !sent.isEmpty { sentReads[id, default: []] += sent }
        }
    }
}
