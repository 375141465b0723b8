extension API {
    /// The endpoints a selection needs checked first although they were not selected: those whose
    /// answers its `.seen` samples read and those it declares to come `after`, and theirs in turn.
    /// `live --only` and `record --only` run them unreported, so any endpoint can be run alone.
    /// In declaration order, each with the selected (or pulled-in) endpoint that needs it.
    public func dependencies(of selected: Set<String>) -> [(id: String, neededBy: String)] {
        dependencies(of: selected, including: { _ in true })
    }

    /// `dependencies(of:)` walked only through the endpoints `including` lets in.
    func dependencies(of selected: Set<String>, including: (AnyEndpoint) -> Bool) -> [(id: String, neededBy: String)] {
        var neededBy: [String: String] = [:]
        var pending = endpoints.filter { selected.contains($0.id) }
        while let endpoint = pending.popLast() {
            for source in endpoint.prerequisiteIDs.sorted()
            where !selected.contains(source) && neededBy[source] == nil {
                guard let found = self.endpoint(source), including(found) else { continue }
                neededBy[source] = endpoint.id
                pending.append(found)
            }
        }
        return endpoints.compactMap { endpoint in neededBy[endpoint.id].map { (endpoint.id, $0) } }
    }
}

extension AnyEndpoint {
    /// The endpoints it needs checked before its own: the sources of its `.seen` samples and what
    /// it declares to come `after`, itself excluded.
    var prerequisiteIDs: Set<String> {
        SampleResolver.sources(of: self).union(after.filter { $0 != id })
    }

    /// The endpoints whose checks must be over before this one's when a run has them: its
    /// prerequisites and what it is `ordered(after:)`.
    var earlierIDs: Set<String> {
        prerequisiteIDs.union(orderedAfter.filter { $0 != id })
    }
}
