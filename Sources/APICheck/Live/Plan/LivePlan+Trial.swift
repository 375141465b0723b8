/// The endpoints that try a token issued beforehand, before anything else sends it.
extension LivePlan {
    /// The endpoint that tries a token issued beforehand: one that needs it and nothing else, a
    /// GET if any.
    static func trial(_ plain: [AnyEndpoint]) -> AnyEndpoint? {
        let candidates = plain.filter(triesToken)
        return candidates.first { $0.method == .get } ?? candidates.first
    }

    /// Whether an endpoint can try a token issued beforehand alone: it needs the token and
    /// nothing else, neither an earlier step nor a value from another answer.
    static func triesToken(_ endpoint: AnyEndpoint) -> Bool {
        endpoint.requiresToken && endpoint.after.isEmpty && endpoint.orderedAfter.isEmpty && SampleResolver.sources(of: endpoint).isEmpty
    }

    /// The GETs that try the token when the trial's answer was no verdict (an HTML page declared
    /// JSON, a public root), the deepest paths first, as a resource's are more often guarded than
    /// a root, a version or a health check. All of them: the run asks the first few whose samples
    /// it can make (`LiveCheck.trialAlternatesAsked`), which only the environment tells.
    static func trialAlternates(_ plain: [AnyEndpoint], besides trial: AnyEndpoint) -> [AnyEndpoint] {
        let candidates = plain.filter { $0.id != trial.id && $0.method == .get && triesToken($0) }
        let deepestFirst = candidates.enumerated().sorted { first, second in
            let depths = (RouteTable.segments(first.element.path).count, RouteTable.segments(second.element.path).count)
            return depths.0 != depths.1 ? depths.0 > depths.1 : first.offset < second.offset
        }
        return deepestFirst.map(\.element)
    }
}
