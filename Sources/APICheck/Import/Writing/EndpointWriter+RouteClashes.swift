extension EndpointWriter {
    /// Operations whose paths differ only in a placeholder's name (Nautobot's `/extras/jobs/{id}/`
    /// and `/extras/jobs/{name}/`) share one route: a request to it is either, and no declared
    /// distinction (a query, a header, a body field) tells a uuid from a name in a path. Both
    /// declared, the package would fail its own `mocks`; one is declared and the others are left
    /// out, noted. The one kept reads an id (a placeholder typed `format: uuid` or integer, or
    /// named `id`, `pk`, `…_id`), as the API's other paths do; else the first in the document.
    /// Returns the locations (`paths`, path, method) of the operations left out.
    mutating func routeClashes() -> Set<[String]> {
        var routes: [String: [(tokens: [String], path: String, score: Int)]] = [:]
        var order: [String] = []
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            // A path that begins with an address is routed by its placeholder's name (`AddressPaths`).
            let declared = addressPaths.declared[path] ?? path
            guard !declared.hasPrefix("{"), let item = source.resolve(item) else { continue }
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                let key = method + " " + Self.shape(of: declared)
                if routes[key] == nil { order.append(key) }
                let parameters = OpenAPISource.array(item["parameters"]) + OpenAPISource.array(operation["parameters"])
                routes[key, default: []].append((["paths", path, method], path, idPlaceholders(in: path, parameters)))
            }
        }
        var leftOut: Set<[String]> = []
        for key in order {
            guard let clashing = routes[key], clashing.count > 1 else { continue }
            let best = clashing.map(\.score).max() ?? 0
            let kept = clashing.first { $0.score == best }!
            for other in clashing where other.tokens != kept.tokens {
                leftOut.insert(other.tokens)
                note(
                    .notMapped, other.tokens,
                    "\(kept.tokens[2].uppercased()) \(other.path) has the route of \(kept.path) (the paths differ only in a "
                        + "placeholder's name), which serve and live cannot tell apart: not declared; \(kept.path) is, "
                        + "as its placeholder reads an id")
            }
        }
        return leftOut
    }

    /// `extras/jobs/{id}/` and `extras/jobs/{name}/` alike: `extras/jobs/{}/`.
    static func shape(of path: String) -> String {
        var shape = "", inside = false
        for character in path {
            if character == "{" {
                inside = true
                shape += "{"
            } else if character == "}" {
                inside = false
                shape += "}"
            } else if !inside {
                shape.append(character)
            }
        }
        return shape
    }

    /// How many of a path's placeholders read an id: typed `format: uuid` or integer, or named as one.
    private func idPlaceholders(in path: String, _ parameters: [JSONValue]) -> Int {
        let names = path.split(separator: "{").dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) }
        return names.count { name in
            let lowered = name.lowercased()
            if lowered == "id" || lowered == "pk" || lowered.hasSuffix("_id") || name.hasSuffix("Id") { return true }
            let declared = parameters.compactMap { source.resolve($0) }.first {
                OpenAPISource.string($0["name"]) == name && OpenAPISource.string($0["in"]) == "path"
            }
            guard let schema = declared?["schema"].flatMap({ source.resolve($0) }) else { return false }
            return OpenAPISource.string(schema["format"]) == "uuid" || OpenAPISource.string(schema["type"]) == "integer"
        }
    }
}
