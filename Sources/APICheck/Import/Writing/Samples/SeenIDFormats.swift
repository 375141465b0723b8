import Foundation

/// Made-up mocks that give a path parameter its value keep to the parameter's format. A
/// parameter declared `.formatted(.uuid)` that reads an id from another answer (the list's first
/// item, `$[0].id`, or what a creation answered, `$.silenceID`) got `"string"` from that answer's
/// mock where its schema gives the member no format (Alertmanager's `GettableSilence.id` beside
/// `/silence/{silenceID}` typed `uuid`): `live` against `serve` then sent `silence/string`, which
/// `serve` routes to no endpoint (404). The value is set where the mock was made from the
/// schema only: a document's own example is left as written.
enum SeenIDFormats {
    /// The `.seen(endpoint:path:)` reads of each uuid-formatted path parameter: the endpoint's id
    /// and the JSONPath text.
    static func uuidReads(in endpoints: [ImportedEndpoint]) -> [(endpoint: String, path: String)] {
        let pattern = #/\.seen\(endpoint: "([^"]+)", path: "([^"]+)"/#
        return endpoints.flatMap { endpoint in
            endpoint.parameters.filter { $0.hasPrefix(".path(") && $0.hasSuffix(".formatted(.uuid)") }.compactMap { parameter in
                parameter.firstMatch(of: pattern).map { (String($0.output.1), String($0.output.2)) }
            }
        }
    }

    /// `mocks` (and their entries in `madeUp`) with a uuid where a uuid-formatted path
    /// parameter reads a made-up mock's value that is no uuid.
    static func fit(_ mocks: inout [ImportedFile], madeUp: inout [(name: String, text: String)], endpoints: [ImportedEndpoint]) {
        for (endpoint, pathText) in uuidReads(in: endpoints) {
            guard let mock = endpoints.first(where: { $0.id == endpoint })?.mock,
                let listed = madeUp.firstIndex(where: { $0.name == "\(mock).json" }),
                let file = mocks.firstIndex(where: { $0.path == "mocks/\(mock).json" }),
                let path = JSONPath(parsing: pathText), var value = try? JSONParser.parse(mocks[file].text),
                case let .string(current)? = value.value(at: path), UUID(uuidString: current) == nil
            else { continue }
            value.set(.string(ExampleMaker.madeUpUUID), at: path)
            let text = value.prettyText + "\n"
            mocks[file].text = text
            madeUp[listed].text = text
        }
    }
}
