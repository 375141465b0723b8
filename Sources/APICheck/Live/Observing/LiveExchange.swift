import Foundation

/// One answer a live run received, raw, as the step that asked for it ended: what `apicheck record`
/// turns into mocks. Observers get it through `LiveRunObserver.received`, in no particular order
/// (steps run concurrently); `step` is the step's place in the run's plan, which is the same from
/// run to run for the same declarations and selection.
public struct LiveExchange: Sendable {
    public enum Role: Sendable, Equatable {
        /// The endpoint's own check; `reported` is false for a login the run made for its own
        /// needs (a second login, the session's login when not selected).
        case check(reported: Bool)
        /// An auth probe: the answer must classify as `expected` (`tokenExpired`, `logout`).
        case probe(AuthProbe, expected: String, accepted: Bool)
        /// The endpoint's next page, asked by its paging check: no mock of its own.
        case paging
        /// A declared error check's answer; `accepted` when it is the failure declared, and then
        /// `record` makes it the scenario's mock.
        case errorCheck(scenario: ScenarioName, accepted: Bool)
    }

    public var step: Int
    public var endpoint: AnyEndpoint
    public var role: Role
    public var request: HTTPRequest
    public var response: HTTPResponse
    public var classification: Classification?
    /// The token the answer issued (a login), the token the request carried: secrets that must
    /// not leave the run.
    public var issuedToken: String?
    public var sentToken: String?
}
