extension MockDirectory {
    /// One of the API's own error answers, for what `serve` and the mock tier answer themselves in
    /// the API's error shape: the first failure variant (by file name) with an error status whose
    /// body the API's `ErrorShape` reads, with that status; else what the declarations say one
    /// holds (`API.declaredErrorExample`). Nil when the API declares no error shape, or neither
    /// the mocks nor the declarations say more than it.
    public func errorExample() -> (document: JSONValue, status: Int)? {
        guard let errors = api.errors, errors != .problemJSON else { return nil }
        for file in files.sorted(by: { $0.description < $1.description }) where file.scenario != nil {
            let status = status(of: file)
            guard status >= 400, case let .success(document) = document(of: file), errors.read(document) != nil else { continue }
            return (document, status)
        }
        return api.declaredErrorExample()
    }
}
