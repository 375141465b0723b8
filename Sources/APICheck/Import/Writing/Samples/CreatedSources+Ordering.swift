extension CreatedSources {
    /// Orders each link's deletions after its other writes, one reaching the object through
    /// another (more placeholders: unassigning a config from a project) before one of the object
    /// itself: writes on other paths that act on one made object no longer share a variable that
    /// would order them, and a deletion sent first makes the others answer 404 on a correct server.
    static func orderDeletions(of links: [Link], endpoints: [ImportedEndpoint], in order: inout [String: [String]]) {
        let byID = Dictionary(endpoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func depth(_ id: String) -> Int { byID[id].map { EndpointWriter.placeholders(in: $0.path).count } ?? 0 }
        func reaches(_ from: String, _ to: String) -> Bool { EndpointWriter.reaches(from, to, in: order) }
        for link in links {
            for deletion in link.writes where byID[deletion]?.method == ".delete" {
                for other in link.writes where other != deletion {
                    let first = byID[other]?.method != ".delete" || depth(other) > depth(deletion)
                    guard first, order[deletion]?.contains(other) != true, !reaches(other, deletion) else { continue }
                    order[deletion, default: []].append(other)
                }
            }
        }
    }
}
