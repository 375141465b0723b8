import APICheck

/// Why a mock server would not start: the mocks failed their audit, a sticky scenario names an
/// endpoint or scenario that does not exist, or the folder is missing. `findings` holds the
/// audit's errors, each naming its file and endpoint.
public struct MockServerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var findings: [Finding]

    public init(_ message: String, findings: [Finding] = []) {
        self.message = message
        self.findings = findings
    }

    public var description: String { message }
}
