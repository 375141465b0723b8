extension EndpointWriter {
    /// Once every operation is declared: the ids reads take from their lists (`ItemSources`) and
    /// writes from their creations (`CreatedSources`), then the order a run sends them in; the
    /// notes of both and each variable's.
    static func linkSamplesAndOrder(
        _ endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable], source: OpenAPISource,
        lists: [String: JSONValue], creations: [String: JSONValue], requests: [String: JSONValue]
    ) -> [ImportNote] {
        ItemSources(source: source, answers: lists).link(&endpoints, variables: &variables)
        let links = CreatedSources(source: source, answers: creations, requests: requests).link(&endpoints, variables: &variables)
        var notes = links.map { link in ImportNote(.madeUp, at: link.location, CreatedSources.note(link)) }
        var order = operationOrder(of: endpoints, variables: variables)
        CreatedSources.orderDeletions(of: links, endpoints: endpoints, in: &order)
        for index in endpoints.indices { endpoints[index].after = order[endpoints[index].id] ?? [] }
        let named = NamedCreations.name(&endpoints, variables: &variables, source: source, answers: creations)
        notes += named.map { ImportNote(.madeUp, at: $0.location, NamedCreations.note($0)) }
        let existing = ExistingObjectWrites.mark(&endpoints, variables: variables)
        for variable in variables {
            let ordered = orderNote(of: variable, endpoints: endpoints, variables: variables, order: order)
            let writes = existing[variable.name].map(ExistingObjectWrites.note) ?? ""
            notes.append(ImportNote(.needsValue, at: variable.location, variable.note + ordered + writes))
        }
        return notes
    }

    /// Whether `order` (each endpoint with those it comes after) leads from `from` to `to`: an
    /// order that would close a cycle is left out.
    static func reaches(_ from: String, _ to: String, in order: [String: [String]]) -> Bool {
        var seen: Set<String> = []
        var next = [from]
        while let id = next.popLast() {
            if id == to { return true }
            if seen.insert(id).inserted { next += order[id] ?? [] }
        }
        return false
    }

    /// Each endpoint's `ordered(after:)`. Nothing else orders them, and `live` runs what it can at once: a
    /// read of a user before the `POST /users/{name}` that creates it answers 404, and one after
    /// its `DELETE` too, findings about nothing but the run's order. So, per resource:
    /// 1. its creation (`creates`) comes before the other endpoints on its path or below it and,
    ///    where its path ends on a placeholder whose sample is a variable, every other endpoint
    ///    that reads that variable (a query's `user`). Creations of one path, or of one variable's
    ///    resource, are not ordered among themselves;
    /// 2. a write on a path that creates nothing (`PATCH`, a `PUT` or `POST` beside the creation,
    ///    a `POST` to a collection, a `PUT` updating an item of it) comes after the reads (`GET`,
    ///    `HEAD`) of that path, its placeholders however named: a read beside it could see either
    ///    state, and a write the server takes badly spoils the read;
    /// 3. a `DELETE` comes after the other endpoints on its path or below it and every other
    ///    endpoint that reads the variable of what it deletes; deletions on one path, or of one
    ///    variable's resource, are not ordered among themselves, but for one reaching the resource
    ///    through another (more placeholders), which comes first.
    /// A creation or deletion reaching its resource through another makes or undoes that link
    /// alone: it is not ordered against the endpoints of the resource's own path (fewer
    /// placeholders).
    /// An order that would close a cycle is left out, the earlier rule's kept. Each list is in the
    /// document's order.
    static func operationOrder(of endpoints: [ImportedEndpoint], variables: [SampleVariable]) -> [String: [String]] {
        // Placeholders as named: `/artifacts/{key}/latest` is not below `/artifacts/{id}`. One
        // resource's placeholders named otherwise read one variable, which orders them.
        func segments(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }
        var resource: [String: SampleVariable] = [:]
        for endpoint in endpoints { resource[endpoint.id] = resourceVariable(of: endpoint, among: variables) }
        var order: [String: [String]] = [:]
        func reaches(_ from: String, _ to: String) -> Bool { Self.reaches(from, to, in: order) }
        func put(_ later: String, after earlier: String) {
            guard later != earlier, order[later]?.contains(earlier) != true, !reaches(earlier, later) else { return }
            order[later, default: []].append(earlier)
        }
        /// The endpoints on `endpoint`'s path or below it, or reading its resource's variable,
        /// but for `peers` of its own kind on its path or of its variable.
        func related(to endpoint: ImportedEndpoint, peers: (ImportedEndpoint) -> Bool) -> [ImportedEndpoint] {
            let path = segments(endpoint.path)
            let variable = resource[endpoint.id]
            return endpoints.filter { other in
                let below = segments(other.path).starts(with: path)
                let reads = variable?.uses.contains { $0.operation == other.id } == true
                let peer = peers(other) && (other.path == endpoint.path || (variable != nil && resource[other.id] == variable))
                return other.id != endpoint.id && (below || reads) && !peer
            }
        }
        // A resource reached through another (a config assigned to a project,
        // `/projects/{project_id}/configs/{config_id}`) is there before that link is made, and
        // after it is undone: its own path's operations hold fewer placeholders.
        func depth(_ endpoint: ImportedEndpoint) -> Int { placeholders(in: endpoint.path).count }
        func reachesDirectly(_ other: ImportedEndpoint, _ link: ImportedEndpoint) -> Bool {
            depth(other) < depth(link) && resource[link.id]?.uses.contains { $0.operation == other.id && $0.place == "path" } == true
        }
        for creation in endpoints where creates(creation, among: endpoints) {
            for other in related(to: creation, peers: { creates($0, among: endpoints) }) where !reachesDirectly(other, creation) {
                put(other.id, after: creation.id)
            }
        }
        for write in endpoints where [".put", ".post", ".patch"].contains(write.method) && !creates(write, among: endpoints) {
            for read in endpoints where template(of: read) == template(of: write) && [".get", ".head"].contains(read.method) {
                put(write.id, after: read.id)
            }
        }
        for deletion in endpoints where deletion.method == ".delete" {
            for other in related(to: deletion, peers: { $0.method == ".delete" && depth($0) <= depth(deletion) })
            where !reachesDirectly(other, deletion) {
                put(deletion.id, after: other.id)
            }
        }
        let position = Dictionary(uniqueKeysWithValues: endpoints.enumerated().map { ($0.element.id, $0.offset) })
        return order.mapValues { $0.sorted { position[$0, default: 0] < position[$1, default: 0] } }
    }

    /// Whether an endpoint creates the resource its path names: a `PUT` to a path that ends on a
    /// placeholder (`PUT /users/{name}/servers/{server_name}`) whose success is a 201 or whose
    /// id the run makes up, else a `POST` there (`POST
    /// /users/{name}`), the client naming what it makes. Beside a `PUT`, a `POST` acts on what is
    /// there (starts the server). A `POST` to a collection (`POST /users`) makes a resource the
    /// server names, or one its made-up body names, not the one a path's variable names; where
    /// the collection has one, a `PUT` to its item (`PUT /projects/{id}` beside `POST /projects`)
    /// replaces what that made: an update, which reads beside it must not follow. A write to an
    /// address-valued placeholder (`holdingAddress()`) updates too: the server gave that address.
    static func creates(_ endpoint: ImportedEndpoint, among endpoints: [ImportedEndpoint]) -> Bool {
        let path = template(of: endpoint)
        guard let last = endpoint.path.split(separator: "/").last, let name = placeholders(in: String(last)).last else { return false }
        // An address is the server's to give: a write to one updates what is there.
        if holdsAddress(name, endpoint) { return false }
        switch endpoint.method {
        case ".put":
            // A PUT to an item replaces what is there, unless the document says it creates (a
            // 201) or the run makes the id up: Aim's `PUT /runs/{run_id}`, beside no `POST /runs`,
            // answers 200 and updates the run `$AIM_RUN_ID` names.
            let made = endpoint.parameters.contains { $0.hasPrefix(".path(\(SwiftName.literal(name)),") && $0.contains(".unique(") }
            return !endpoints.contains { $0.method == ".post" && template(of: $0) == path.dropLast() }
                && (endpoint.successStatus == 201 || endpoint.alsoSuccessStatuses.contains(201) || made)
        case ".post": return !endpoints.contains { $0.method == ".put" && template(of: $0) == path }
        default: return false
        }
    }

    /// A path's segments, each placeholder's `{}`: `/projects/{id}` and `/projects/{project_id}`
    /// are one route of the server's.
    static func template(_ path: String) -> [String] {
        path.split(separator: "/").map { $0.contains("{") ? "{}" : String($0) }
    }

    /// An endpoint's `template`, but for a path that begins with an address-valued placeholder
    /// (`{task_href}cancel/`, declared so where no collection of its objects is known): that one
    /// keeps its name, as no other resource's address is in it.
    static func template(of endpoint: ImportedEndpoint) -> [String] {
        var segments = template(endpoint.path)
        if let name = AddressPaths.leadingName(endpoint.path), !segments.isEmpty, holdsAddress(name, endpoint) {
            segments[0] = "{\(name)}"
        }
        return segments
    }

    private static func holdsAddress(_ name: String, _ endpoint: ImportedEndpoint) -> Bool {
        endpoint.parameters.contains { $0.hasPrefix(".path(\(SwiftName.literal(name)),") && $0.hasSuffix(".holdingAddress()") }
    }

    /// The variable of the resource an endpoint's path names: its last placeholder's, when the
    /// path ends on one and its sample is a variable.
    static func resourceVariable(of endpoint: ImportedEndpoint, among variables: [SampleVariable]) -> SampleVariable? {
        guard let last = endpoint.path.split(separator: "/").last, let placeholder = placeholders(in: String(last)).last else {
            return nil
        }
        return variables.first { variable in
            variable.uses.contains { $0.operation == endpoint.id && $0.place == "path" && $0.parameter == placeholder }
        }
    }

    /// What a variable's `set:` note adds of the order: the creations that come before the other
    /// endpoints reading it, and the deletions that come after them.
    static func orderNote(
        of variable: SampleVariable, endpoints: [ImportedEndpoint], variables: [SampleVariable], order: [String: [String]]
    ) -> String {
        func ids(_ endpoints: [ImportedEndpoint]) -> String { endpoints.map(\.id).joined(separator: ", ") }
        let own = endpoints.filter { resourceVariable(of: $0, among: variables) == variable }
        let creations = own.filter { creation in
            creates(creation, among: endpoints) && order.values.contains { $0.contains(creation.id) }
        }
        let deletions = own.filter { $0.method == ".delete" && order[$0.id]?.isEmpty == false }
        var text = ""
        if !creations.isEmpty {
            text +=
                "; the others are ordered after \(ids(creations)), which "
                + (creations.count == 1 ? "creates what they read" : "create what they read")
        }
        if !deletions.isEmpty {
            text +=
                "; \(ids(deletions)) "
                + (deletions.count == 1
                    ? "is ordered after the others, which read what it deletes"
                    : "are ordered after the others, which read what they delete")
        }
        return text
    }
}
