import Foundation
import HTTPServer

/// Reads a request's declared parameters with docs/demo-api.md's typing rules: query values must parse
/// as their type; JSON body values must already have it (a number sent as a string is wrong).
struct RequestParameters {
    private let request: ServerRequest
    private let body: SandboxJSON

    init(_ request: ServerRequest) {
        self.request = request
        // A body that is absent or not a JSON object carries no parameters, so each required one is
        // reported missing by name, which tells a client more than "bad body" would.
        if let parsed = try? SandboxJSONParser.parse(request.body), case .object = parsed {
            body = parsed
        } else {
            body = .object([])
        }
    }

    /// A string from the JSON body; a JSON null counts as absent.
    func bodyString(_ name: String, required: Bool) throws(SandboxFailure) -> String? {
        switch body[name] {
        case nil, .null?:
            if required { throw .missingParameter(name) }
            return nil
        case let .string(value)?:
            return value
        default:
            throw .invalidParameter(name)
        }
    }

    func queryInt64(_ name: String, required: Bool = false) throws(SandboxFailure) -> Int64? {
        guard let text = request.queryValue(name) else {
            if required { throw .missingParameter(name) }
            return nil
        }
        guard let value = Int64(text) else { throw .invalidParameter(name) }
        return value
    }

    func queryInt(_ name: String) throws(SandboxFailure) -> Int? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = Int(text) else { throw .invalidParameter(name) }
        return value
    }
}
