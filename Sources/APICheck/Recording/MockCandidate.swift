import Foundation

/// An answer about to become a mock file: whose, which scenario, the HTTP status it came with, the
/// document as received (secrets still in it: `MockWriter` redacts before anything is written).
public struct MockCandidate: Sendable {
    public var endpoint: AnyEndpoint
    /// Nil for the success answer; `logout`, `expired` or a declared failure scenario.
    public var scenario: ScenarioName?
    public var status: Int
    public var document: JSONValue
    /// Contract violations found in the answer (a decode error, a field gone): it is not written
    /// unless forced.
    public var violations: [Finding]
    /// How many answers were seen for this mock (a capture may hold several; the latest wins).
    public var seen: Int
    /// For a paged endpoint's success answer, whether it is its list's first page (which
    /// `import-har` prefers to a later one); nil for any other answer.
    public var firstPage: Bool?
    /// The answer had no body (a `NoContent` endpoint's 204): the mock is an empty file, as
    /// replay and `serve` read it.
    public var isEmpty = false
    /// The answer's bytes as the server sent them, for an endpoint whose mock keeps them so: a
    /// `BinaryBody` success (its `document` is null) or one declared `recordingVerbatim()`.
    public var bytes: Data?
    /// The headers the endpoint declares the app reads, as the answer gave them: written beside
    /// the mock (`MockHeaders`); nil leaves the file of headers as it is.
    public var headers: [(name: String, value: String)]?

    public init(
        endpoint: AnyEndpoint, scenario: ScenarioName? = nil, status: Int, document: JSONValue,
        violations: [Finding] = [], seen: Int = 1
    ) {
        self.endpoint = endpoint
        self.scenario = scenario
        self.status = status
        self.document = document
        self.violations = violations
        self.seen = seen
    }

    /// The success is bytes in a media type that is not JSON, of an endpoint that takes bytes or
    /// JSON (`acceptingBytes()`): a download, kept as it came.
    var isDownload = false

    /// Whether the mock is bytes, no document: a `BinaryBody` endpoint's success, or a download.
    var isOpaque: Bool { (endpoint.answersBytes || isDownload) && scenario == nil }

    /// `<mock>[@<scenario>[.<status>]].json`: the status is pinned in the name only when it is not
    /// the one replay would give the scenario anyway (200, or the API's dead-token status).
    public func fileName(api: API) -> MockFileName {
        let plain = MockFileName(mock: endpoint.mock, scenario: scenario)
        if scenario == nil, endpoint.redirectStatuses.contains(status) { return MockFileName(mock: endpoint.mock, status: status) }
        guard scenario != nil, plain.status(expiredStatus: api.expiredStatus) != status else { return plain }
        return MockFileName(mock: endpoint.mock, scenario: scenario, status: status)
    }
}
