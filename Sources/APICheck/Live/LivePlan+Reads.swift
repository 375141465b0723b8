extension LivePlan {
    /// What later steps read of step `id`'s answer: the `.seen` samples of its endpoint and, when
    /// a paging step pages it, the ids of its items. A step keeps only these for the rest of the
    /// run, not the answer: a 26 MB answer would otherwise stay in memory until the run ends.
    func pathsRead(from id: LiveStep.ID) -> [JSONPath] {
        let source = steps[id].endpoint.id
        var paths: [JSONPath] = []
        for step in steps where step.samples[source] == id {
            if case let .paging(endpoint) = step.action, endpoint.id == source,
               let ids = endpoint.paging.flatMap({ JSONPath(parsing: $0.ids) }) {
                paths.append(ids)
            }
            for parameter in step.endpoint.sampledValues {
                if case let .seen(endpoint, path, _)? = parameter.sample, endpoint == source, let read = JSONPath(parsing: path) {
                    paths.append(read)
                }
            }
        }
        return paths
    }
}
