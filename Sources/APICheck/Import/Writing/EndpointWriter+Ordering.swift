extension EndpointWriter {
    /// Each `DELETE`'s `after:`: the other endpoints on its path or below it (`GET /jobs/{jobId}`,
    /// `GET /jobs/{jobId}/results` for `DELETE /jobs/{jobId}`) and, where its path ends on a
    /// placeholder whose sample is a variable, every other endpoint that reads that variable (a
    /// query's `job_id`). Nothing else orders them, and `live` runs what it can at once: a read
    /// of the job that came after its deletion answered 404, a finding about nothing but the
    /// run's order. Deletions on one path, or of one variable's resource, are not ordered among
    /// themselves, and an order that would close a cycle is left out.
    static func deletionOrder(of endpoints: [ImportedEndpoint], variables: [SampleVariable]) -> [String: [String]] {
        // Placeholders as named: `/artifacts/{key}/latest` is not below `/artifacts/{id}`. One
        // resource's placeholders named otherwise read one variable, which orders them.
        func segments(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }
        let deletions = endpoints.filter { $0.method == ".delete" }
        var deleted: [String: SampleVariable] = [:]
        for endpoint in deletions { deleted[endpoint.id] = deletedVariable(of: endpoint, among: variables) }
        var order: [String: [String]] = [:]
        func reaches(_ from: String, _ to: String) -> Bool {
            var seen: Set<String> = []
            var next = [from]
            while let id = next.popLast() {
                if id == to { return true }
                if seen.insert(id).inserted { next += order[id] ?? [] }
            }
            return false
        }
        for endpoint in deletions {
            let path = segments(endpoint.path)
            let variable = deleted[endpoint.id]
            for other in endpoints where other.id != endpoint.id {
                let otherPath = segments(other.path)
                let below = otherPath.starts(with: path)
                let reads = variable?.uses.contains { $0.operation == other.id } == true
                let peer = other.method == ".delete" && (otherPath == path || (variable != nil && deleted[other.id] == variable))
                guard below || reads, !peer, !reaches(other.id, endpoint.id) else { continue }
                order[endpoint.id, default: []].append(other.id)
            }
        }
        return order
    }

    /// The variable whose resource a `DELETE` deletes: its path's last placeholder's, when the
    /// path ends on one and its sample is a variable.
    static func deletedVariable(of endpoint: ImportedEndpoint, among variables: [SampleVariable]) -> SampleVariable? {
        guard endpoint.method == ".delete", let last = endpoint.path.split(separator: "/").last,
            let placeholder = placeholders(in: String(last)).last
        else { return nil }
        return variables.first { variable in
            variable.uses.contains { $0.operation == endpoint.id && $0.place == "path" && $0.parameter == placeholder }
        }
    }
}
