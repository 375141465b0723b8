/// An environment variable the package's samples read because the document gives a required
/// parameter no example, default or enum, or gives a path parameter only an example (an id made
/// up for the document, sent while the variable is unset): its name, and every operation's parameter that reads
/// it, so the import lists each variable once with the operations that use it.
///
/// A path parameter is named after the resource it identifies, the path segment before its
/// placeholder, singular: `/flows/{id}` reads `<PREFIX>_FLOW_ID` and `/deployments/{id}`
/// `<PREFIX>_DEPLOYMENT_ID`, so the ids of different resources do not share a variable, while
/// every operation on one resource (`GET`, `PATCH`, `DELETE /flows/{id}`, `/flows/{id}/runs`)
/// shares one; `PathVariableNames` qualifies the names that different resources would share.
/// A parameter whose name already starts with the resource's last words (`/pets/{petId}`,
/// `/pipeline_builds/{build_id}`) says them once (`<PREFIX>_PET_ID`, `<PREFIX>_PIPELINE_BUILD_ID`).
/// Query and header parameters are named after the parameter alone.
struct SampleVariable: Equatable {
    /// One parameter that reads the variable.
    struct Use: Equatable {
        var operation: String
        var place: String
        var parameter: String
        /// Whether the document gives this parameter an example, which is sent while the
        /// variable is unset (a path's example id is seldom one the server holds).
        var hasExample = false
        /// Whether the parameter holds an object's whole address (`holdingAddress()`).
        var address = false
        /// The list whose first item gives the value while the variable is unset (`ItemSources`).
        var listedBy: String?
    }

    var name: String
    /// Where the first parameter reading it is declared, as a JSON pointer.
    var location: String
    var uses: [Use]

    /// The variable a parameter without a value of its own reads.
    static func name(prefix: String, place: String, parameter: String, path: String) -> String {
        let own = SwiftName.variable(parameter)
        guard place == "path", let resource = resource(of: parameter, in: path) else { return saidOnce(prefix, own) }
        return saidOnce(prefix, joined(resource, own))
    }

    /// `prefix_rest`, a word repeated where `rest` begins said once: Pulp's `pulp_pulp_export_href`
    /// under the prefix `PULP` reads `PULP_EXPORT_HREF`, not `PULP_PULP_PULP_EXPORT_HREF`, and its
    /// `file_file_remote_href` reads `PULP_FILE_REMOTE_HREF`.
    static func saidOnce(_ prefix: String, _ rest: String) -> String {
        var words = rest.split(separator: "_").map(String.init)
        let last = prefix.split(separator: "_").last.map(String.init)
        while words.count > 1, words[0] == last { words.removeFirst() }
        while words.count > 1, words[0] == words[1] { words.removeFirst() }
        return prefix + "_" + words.joined(separator: "_")
    }

    /// The resource's words followed by the parameter's, the words they share where one ends and
    /// the other begins written once: `PIPELINE_BUILD` and `BUILD_ID` make `PIPELINE_BUILD_ID`,
    /// `PET` and `PET_ID` make `PET_ID`.
    static func joined(_ resource: String, _ own: String) -> String {
        let shared = sharedWords(resource, own)
        guard shared > 0 else { return resource + "_" + own }
        return (resource.split(separator: "_") + own.split(separator: "_").dropFirst(shared)).joined(separator: "_")
    }

    /// How many words the resource ends with that the parameter's name begins with, the most
    /// that match: `PIPELINE_BUILD` and `BUILD_ID` share 1, `PET` and `PET_ID` 1, `FLOW` and `ID` 0.
    static func sharedWords(_ resource: String, _ own: String) -> Int {
        let first = resource.split(separator: "_")
        let second = own.split(separator: "_")
        return stride(from: min(first.count, second.count), to: 0, by: -1).first { shared in
            first.suffix(shared).elementsEqual(second.prefix(shared))
        } ?? 0
    }

    /// `name` qualified by the operation's resource (`<PREFIX>_ARTIFACT_VERSION_TOKEN` for
    /// `token` of `/artifact_versions/{id}/data`), else by its place (`<PREFIX>_QUERY_TOKEN`), so
    /// that it is none of `reserved`: the auth policy's variables, whose credential a sample must
    /// never send.
    static func name(_ name: String, apartFrom reserved: Set<String>, prefix: String, place: String, path: String) -> String {
        let own = name.dropFirst(prefix.count + 1)
        let segments = path.split(separator: "/").map(String.init)
        // The resource the operation acts on: the nearest literal segment a placeholder follows.
        let identified = segments.indices.reversed().first { index in
            index + 1 < segments.count && segments[index + 1].hasPrefix("{") && !segments[index].hasPrefix("{")
        }
        let resource = (identified.map { segments[$0] } ?? segments.last { !$0.hasPrefix("{") }).map { SwiftName.variable(singular($0)) }
        for candidate in [resource, SwiftName.variable(place)].compactMap({ $0 }) where !candidate.isEmpty {
            let qualified = prefix + "_" + candidate + "_" + own
            if !reserved.contains(qualified) { return qualified }
        }
        return prefix + "_" + SwiftName.variable(place) + "_PARAMETER_" + own
    }

    /// The resource a path parameter identifies, as a variable's words (`FLOW_RUN`): the nearest
    /// segment before its placeholder that is neither a placeholder, a version segment (`v1`,
    /// `api`) nor, as written, the parameter's own name or its last word (`/flows/name/{name}`,
    /// `/deployments/name/{flow_name}` look past `name`; `/sessions/{session}` is the session's).
    static func resource(of parameter: String, in path: String) -> String? {
        let segments = path.split(separator: "/").map(String.init)
        guard let index = segments.firstIndex(of: "{\(parameter)}") else { return nil }
        let own = SwiftName.variable(parameter)
        for segment in segments[..<index].reversed() where !segment.hasPrefix("{") && !PathVariableNames.isVersion(segment) {
            let written = SwiftName.variable(segment)
            if written.isEmpty || own == written || own.hasSuffix("_" + written) { continue }
            return SwiftName.variable(singular(segment))
        }
        return nil
    }

    /// `flows` → `flow`, `categories` → `category`, `statuses` → `status`, `boxes` → `box`, `aliases` → `alias`;
    /// a word that does not look plural is kept (`status`, `graph`), and so is a last word of
    /// three letters or fewer, more often an acronym than a plural (`gcs`, `storage_gcs`).
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        let lastWord = lower.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).last ?? Substring(lower)
        if lastWord.count <= 3 { return word }
        func drop(_ count: Int, adding suffix: String = "") -> String { String(word.dropLast(count)) + suffix }
        if lower.hasSuffix("ies"), lower.count > 3 { return drop(3, adding: "y") }
        // `aliases` and `biases` drop `es`, where `databases` and `releases` drop `s`.
        for ending in ["sses", "tuses", "iases", "xes", "ches", "shes", "zzes"] where lower.hasSuffix(ending) { return drop(2) }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") || !lower.hasSuffix("s") || lower.count < 3 {
            return word
        }
        return drop(1)
    }

    /// `the path parameter 'id' of read_flow, delete_flow; the query parameter 'flow_id' of runs`.
    /// What the import says of it: which parameters read it, and which of them have an example
    /// to send while it is unset.
    var note: String {
        let listed = uses.filter { $0.listedBy != nil }
        guard !listed.isEmpty else { return ownNote }
        let lists = listed.compactMap(\.listedBy).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return ownNote + "; while it is unset, \(Self.text(of: listed)) reads the first item of " + lists.joined(separator: ", ")
    }

    private var ownNote: String {
        let without = uses.filter { !$0.hasExample }, with = uses.filter(\.hasExample)
        let address = uses.contains(where: \.address) ? ", the object's whole address as the API's answers give it (an href)" : ""
        if with.isEmpty { return "no example for \(Self.text(of: without)): live reads it from $\(name)" + address }
        if without.isEmpty {
            return "only an example for \(Self.text(of: with)), seldom one the server holds: live reads $\(name), else sends the example"
        }
        return "no example for \(Self.text(of: without)), only an example for \(Self.text(of: with)): live reads $\(name), "
            + "else sends the example where there is one"
    }

    var usesText: String { Self.text(of: uses) }

    private static func text(of uses: [Use]) -> String {
        var groups: [(key: String, operations: [String])] = []
        for use in uses {
            let key = "the \(use.place) parameter '\(use.parameter)'"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                if !groups[index].operations.contains(use.operation) { groups[index].operations.append(use.operation) }
            } else {
                groups.append((key, [use.operation]))
            }
        }
        return groups.map { "\($0.key) of \($0.operations.joined(separator: ", "))" }.joined(separator: "; ")
    }
}
