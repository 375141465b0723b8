/// The variable each path parameter's sample reads, worked out over every path of the document at
/// once so that different resources never share one.
///
/// A parameter is named after its resource as `SampleVariable.name` says (`/flows/{id}` →
/// `<PREFIX>_FLOW_ID`). Two resources can get one name that way: pygeoapi's
/// `/collections/lakes/items/{featureId}` and `/collections/obs/items/{featureId}` are both an
/// item's `ITEM_FEATURE_ID`, though a lake's id is no observation's. A resource is the path up to
/// its placeholder, placeholders' names aside (so `/work_pools/{name}` and
/// `/work_pools/{work_pool_name}/queues` are one); where one name would stand for several, each
/// is qualified by the nearest literal segment before its resource that tells them apart, as
/// written (`<PREFIX>_LAKES_ITEM_FEATURE_ID`, `<PREFIX>_OBS_ITEM_FEATURE_ID`). Names that no other
/// resource claims stay as they were, and so do those of paths that differ only by a prefix
/// (`qualifiers(of:)`). A version segment (`v1`, `api`) tells no resource apart: it qualifies none.
///
/// One resource's placeholders named otherwise, the whole segment right after the same collection
/// path and saying the same of it (`/datasets/{id}`, `/datasets/{dataset_id}/experiments`,
/// `/datasets/{dataset_identifier}/splits`: its id), read one variable: the name most of the
/// document's placeholders would read (`identity(of:in:)`). A live run sets one id for the
/// resource, and the operations that read it are ordered as one resource's. A placeholder that is
/// the resource's own name (Chroma's `/tenants/{tenant}/databases` beside `/tenants/{tenant_name}`)
/// says it of the one identity the resource's other placeholders say, when they say one and all
/// are of one schema (`linkBareNames`); beside two (`{user_id}`, `{username}`) it could be either,
/// and keeps its own.
struct PathVariableNames {
    /// Keyed by `Self.key(parameter, path)`.
    private var names: [String: String] = [:]

    /// The names of a document's paths, its path parameters' schemas compared (`schemas(in:)`).
    init(source: OpenAPISource, prefix: String) {
        self.init(paths: OpenAPISource.members(source.root["paths"]).map(\.key), prefix: prefix, schemas: Self.schemas(in: source))
    }

    /// `schemas`, keyed by `key(parameter, path)`, tell apart placeholders of one resource that
    /// are of different types; a placeholder without one is compared as having none.
    init(paths: [String], prefix: String, schemas: [String: JSONValue] = [:]) {
        // Every placeholder of every path, with its plain name and its resource.
        var claims: [Claim] = []
        for path in paths {
            for parameter in EndpointWriter.placeholders(in: path) {
                let name = SampleVariable.name(prefix: prefix, place: "path", parameter: parameter, path: path)
                claims.append(
                    Claim(
                        key: Self.key(parameter, path), name: name, resource: Self.resource(of: parameter, in: path),
                        identity: Self.identity(of: parameter, in: path), parameter: parameter,
                        path: path, schema: schemas[Self.key(parameter, path)]))
            }
        }
        Self.adoptNamedResources(&claims, prefix: prefix)
        Self.linkBareNames(&claims)
        Self.unify(&claims)
        var resources: [String: [[String]]] = [:]
        for claim in claims where !(resources[claim.name] ?? []).contains(claim.resource) {
            resources[claim.name, default: []].append(claim.resource)
        }
        var qualified: [String: [[String]: String]] = [:]
        for (name, shared) in resources where shared.count > 1 {
            qualified[name] = Self.qualifiers(of: shared)
        }
        for claim in claims {
            guard let qualifier = qualified[claim.name]?[claim.resource], !qualifier.isEmpty else {
                names[claim.key] = claim.name
                continue
            }
            let rest = claim.name.dropFirst(prefix.count + 1)
            names[claim.key] = prefix + "_" + qualifier + "_" + rest
        }
    }

    /// The variable a path parameter without a value of its own reads; for a parameter that is no
    /// placeholder of its path, its name as `SampleVariable.name` gives it.
    func name(prefix: String, parameter: String, path: String) -> String {
        names[Self.key(parameter, path)] ?? SampleVariable.name(prefix: prefix, place: "path", parameter: parameter, path: path)
    }

    private static func key(_ parameter: String, _ path: String) -> String { path + "\u{0}" + parameter }

    /// A placeholder of a path, and the variable it would read.
    private struct Claim {
        var key: String
        var name: String
        var resource: [String]
        var identity: String?
        var parameter: String
        var path: String
        var schema: JSONValue?
    }

    /// Each path parameter's schema, references followed, without what only describes it (a
    /// title, a description, an example): the operation's declaration over the path item's, the
    /// first operation's of a path where they differ.
    static func schemas(in source: OpenAPISource) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            let operations = OpenAPISource.members(item).filter { $0.value["responses"] != nil }.map(\.value)
            for list in operations.map({ OpenAPISource.array($0["parameters"]) }) + [OpenAPISource.array(item["parameters"])] {
                for parameter in list.compactMap({ source.resolve($0) }) where parameter["in"] == .string("path") {
                    guard let name = OpenAPISource.string(parameter["name"]), result[key(name, path)] == nil else { continue }
                    let schema = parameter["schema"].flatMap { source.resolve($0) } ?? .object([])
                    let describing: Set<String> = ["title", "description", "example", "examples", "default"]
                    result[key(name, path)] = .object(OpenAPISource.members(schema).filter { !describing.contains($0.key) })
                }
            }
        }
        return result
    }

    /// A placeholder that is its resource's own name (`{tenant}` right after `/tenants`) says the
    /// identity its resource's other placeholders say (`{tenant_name}`: its name) when they all
    /// say the same one and every placeholder of both is of one schema; then they read one
    /// variable. A resource whose placeholders say two identities, or differ in type, links none.
    private static func linkBareNames(_ claims: inout [Claim]) {
        func isBare(_ claim: Claim) -> Bool {
            guard let identity = claim.identity else { return false }
            return SampleVariable.resource(of: claim.parameter, in: claim.path) == identity
        }
        var resources: [[String]: [Int]] = [:]
        for (index, claim) in claims.enumerated() where claim.identity != nil { resources[claim.resource, default: []].append(index) }
        for members in resources.values {
            let bare = members.filter { isBare(claims[$0]) }
            let others = Set(members.filter { !isBare(claims[$0]) }.compactMap { claims[$0].identity })
            guard !bare.isEmpty, others.count == 1, let identity = others.first,
                Set(members.map { claims[$0].schema?.compactText ?? "" }).count == 1
            else { continue }
            for index in bare { claims[index].identity = identity }
        }
    }

    /// A placeholder that names its resource itself (`dag_id`), under a segment named otherwise
    /// (Airflow's `/dagSources/{dag_id}`, a dag's source), is the id of the resource that a path
    /// names so (`/dags/{dag_id}` reads `<PREFIX>_DAG_ID`): it reads that variable, as one
    /// resource's id, rather than one of its own that a run would have to set to the same value.
    private static func adoptNamedResources(_ claims: inout [Claim], prefix: String) {
        let named = claims
        for index in claims.indices {
            let words = SwiftName.variable(claims[index].parameter)
            let own = SampleVariable.saidOnce(prefix, words)
            // A bare `id` names no resource.
            guard claims[index].name != own, words.split(separator: "_").count > 1,
                let namer = named.first(where: { $0.parameter == claims[index].parameter && $0.name == own })
            else { continue }
            claims[index].name = namer.name
            claims[index].resource = namer.resource
            claims[index].identity = namer.identity
        }
    }

    /// Gives the claims of one resource's identity one name: of the names they have, the one most
    /// claims have, the first such in the document's order.
    private static func unify(_ claims: inout [Claim]) {
        var count: [String: Int] = [:]
        for claim in claims { count[claim.name, default: 0] += 1 }
        var groups: [[String]: [Int]] = [:]
        for (index, claim) in claims.enumerated() {
            guard let identity = claim.identity else { continue }
            groups[claim.resource + [identity], default: []].append(index)
        }
        for members in groups.values {
            let names = members.map { claims[$0].name }
            guard
                let chosen = names.enumerated().max(by: { first, second in
                    let (a, b) = (count[first.element, default: 0], count[second.element, default: 0])
                    return a != b ? a < b : first.offset > second.offset
                })?.element
            else { continue }
            for index in members { claims[index].name = chosen }
        }
    }

    /// What a placeholder says of its resource, when it fills a whole segment right after a
    /// collection's: its name without the resource's words (`dataset_id` of `/datasets/{dataset_id}`
    /// and `config_id` of `/annotation_configs/{config_id}` say `ID`, `key` of `/artifacts/{key}`
    /// says `KEY`), an identifier being an id; nil for any other placeholder.
    static func identity(of parameter: String, in path: String) -> String? {
        let segments = path.split(separator: "/").map(String.init)
        guard let index = segments.firstIndex(of: "{\(parameter)}"), index > 0, !segments[index - 1].contains("{") else {
            return nil
        }
        let own = SwiftName.variable(parameter)
        var rest = own
        if let resource = SampleVariable.resource(of: parameter, in: path) {
            let words = own.split(separator: "_")
            let shared = SampleVariable.sharedWords(resource, own)
            // The resource's words alone say nothing of it: the name is kept whole.
            if shared > 0, shared < words.count { rest = words.dropFirst(shared).joined(separator: "_") }
        }
        return rest == "IDENTIFIER" ? "ID" : rest
    }

    /// Whether a path segment names a version of the API, or the API itself, not a resource:
    /// `v1`, `v2beta1`, `api`.
    static func isVersion(_ segment: String) -> Bool {
        let lower = segment.lowercased()
        if lower == "api" { return true }
        let rest = lower.dropFirst()
        return lower.first == "v" && rest.first?.isNumber == true && rest.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." }
    }

    /// The path's segments up to the one holding the placeholder, each placeholder written `{}`.
    static func resource(of parameter: String, in path: String) -> [String] {
        var segments: [String] = []
        for segment in path.split(separator: "/").map(String.init) {
            let blanked = segment.contains("{") ? "{}" : segment
            segments.append(blanked)
            if segment.contains("{\(parameter)}") { break }
        }
        return segments
    }

    /// For resources that one name would stand for, the words that tell each apart: their literal
    /// segments are compared nearest first, and the first place where two of them hold different
    /// words gives each its word there as its qualifier; resources still alike after that are told
    /// apart further out. A resource with no segment at that place gets none: a path that only
    /// adds a prefix (`/ui/task_runs/{id}` beside `/task_runs/{id}`, `/orgs/{org}/users/{id}`
    /// beside `/users/{id}`) is taken as another way to the same resource, and keeps its name.
    static func qualifiers(of resources: [[String]]) -> [[String]: String] {
        var result: [[String]: String] = [:]
        func literals(_ resource: [String]) -> [String] { resource.filter { $0 != "{}" && !isVersion($0) }.reversed() }
        func split(_ group: [[String]], from start: Int, words: [[String]: [String]]) {
            let longest = group.map { literals($0).count }.max() ?? 0
            guard group.count > 1,
                let place = (start..<max(start, longest)).first(where: { place in
                    Set(group.compactMap { literals($0).dropFirst(place).first }).count > 1
                })
            else {
                for resource in group { result[resource] = (words[resource] ?? []).reversed().joined(separator: "_") }
                return
            }
            var words = words
            var subgroups: [String: [[String]]] = [:]
            for resource in group {
                let word = literals(resource).dropFirst(place).first ?? ""
                if !word.isEmpty { words[resource, default: []].append(SwiftName.variable(word)) }
                subgroups[word, default: []].append(resource)
            }
            for (_, subgroup) in subgroups.sorted(by: { $0.key < $1.key }) { split(subgroup, from: place + 1, words: words) }
        }
        split(resources, from: 0, words: [:])
        return result
    }
}
