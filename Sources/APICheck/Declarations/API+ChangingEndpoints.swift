extension API {
    /// The API with the endpoint `id` changed: what a package adds to a declaration it does not
    /// write itself (an imported package's `adjusted(_:)` pages an endpoint the import declared,
    /// and re-importing keeps it). An id that names no endpoint is a declaration problem, which
    /// `apicheck mocks` reports and `apicheck live` refuses to run with.
    ///
    /// ```swift
    /// api.changingEndpoint("get_records") {
    ///     $0.paged(.url(ids: "$.data[*].id", from: .header("Next-Page"), order: nil, size: "_limit"))
    /// }
    /// ```
    public func changingEndpoint(_ id: String, _ change: (AnyEndpoint) -> AnyEndpoint) -> API {
        var changed = self
        guard let index = endpoints.firstIndex(where: { $0.id == id }) else {
            changed.changesOfNoEndpoint.append(id)
            return changed
        }
        changed.endpoints[index] = change(endpoints[index])
        return changed
    }
}
