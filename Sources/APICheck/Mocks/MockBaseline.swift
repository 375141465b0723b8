import Foundation

/// What a live answer is compared with: the success mock's shape and the fields the decode type
/// read when decoding it.
public struct MockBaseline: Sendable {
    public var file: String
    public var shape: Shape
    public var reads: [FieldRead]

    /// Loads `<mock>.json` of `endpoint`; a missing or broken mock is a finding, not a crash.
    public static func load(for endpoint: AnyEndpoint, in directory: URL, api: API) -> Result<MockBaseline, MockBaselineError> {
        let url = directory.appendingPathComponent(endpoint.mock + ".json")
        guard let data = try? Data(contentsOf: url) else {
            return .failure(MockBaselineError(file: url.path, message: "no mock \(endpoint.mock).json to compare with"))
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            return .failure(MockBaselineError(file: url.path, message: "mock is not JSON: \(error)"))
        }
        var reads: [FieldRead] = []
        let payload = endpoint.enveloped ? document[api.envelope.payloadKey] : document
        if let payload {
            let base = endpoint.enveloped ? api.envelope.payloadPath : JSONPath.root
            reads = (try? endpoint.diagnosticDecode(payload, base, api.dates).reads) ?? []
        }
        return .success(MockBaseline(file: url.path, shape: Shape(of: document), reads: reads))
    }
}

public struct MockBaselineError: Error, Sendable {
    public var file: String
    public var message: String
}
