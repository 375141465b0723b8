/// Why a JSON report could not be read back: the file is not JSON, is not an `apicheck-report/1`
/// document, or a key holds what the schema does not allow there (named by its JSONPath).
public struct ReportReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
