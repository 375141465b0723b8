import APICheck

/// A short, stable name for a version of an API's declarations: the same declarations give the
/// same name on every machine, and a change to any endpoint's method, path, parameters, decode
/// type, mock or auth gives another. Runs stored under one name checked the same contract.
public enum APIFingerprint {
    public static func of(_ api: API) -> String {
        var hasher = FNV1a()
        hasher.add(api.name)
        for endpoint in api.endpoints.sorted(by: { $0.id < $1.id }) {
            hasher.add(endpoint.id)
            hasher.add(endpoint.method.rawValue)
            hasher.add(endpoint.path)
            hasher.add(endpoint.responseTypeName)
            hasher.add(endpoint.mock)
            hasher.add(endpoint.requiresToken ? "token" : "open")
            hasher.add(endpoint.successStatuses.map(String.init).joined(separator: ","))
            for parameter in endpoint.parameters {
                hasher.add(
                    [
                        parameter.name, parameter.location.rawValue, parameter.type.rawValue,
                        parameter.required ? "required" : "optional",
                    ].joined(separator: " "))
            }
        }
        return String(hasher.value, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
