import APICheck
import HTTPServer

/// What `serve` answers one request to a declared route with, decided before any byte is made:
/// the route, the mock variant or the other answer chosen, what the request's token made of it,
/// the session effect the answer carries, and how the answer is delivered. `MockServer.decide`
/// makes it (reading only the token store and the sticky choices), `MockServer.apply` applies its
/// effects to the token store, and `MockServer.render` turns it into bytes.
struct MockDecision {
    /// The answer chosen, in the order serve weighs them.
    enum Answer: Equatable {
        /// The request breaks the endpoint's declaration: 400 with the problems.
        case invalid([ValidationProblem])
        /// A `Prefer` value that does not parse: 400, named by the problem's detail.
        case unreadablePreference(detail: String)
        /// A scenario the endpoint's mocks do not offer: 400 listing those they do.
        case unknownScenario(ScenarioName, known: [ScenarioName])
        /// An answer that is not the API's: the connection reset or closed, bytes that are not
        /// JSON, a proxy's HTML 502.
        case fault(ServeFault)
        /// `Prefer: code=N`: the envelope (or error shape) with that code.
        case code(EnvelopeCode)
        /// The mock file of this scenario; nil for the success mock.
        case mock(scenario: ScenarioName?)
        /// A token refused by a declared signal with no mock variant of its own: a body built from it.
        case signal(AnswerSignal)
        /// A login with credentials other than serve's, where the login has no `wrong_password` variant.
        case wrongCredentials
    }

    /// What answering does to the token store, applied in one step (`MockServer.apply`) between
    /// deciding and rendering.
    enum Effect: Equatable {
        /// A login: a fresh token for the account goes into the answer.
        case issueToken(account: String)
        /// A logout: the request's token ends, and its refresh token with it.
        case logOut(String)
        /// A forced logout (the logout variant or a logout code asked for): the token is revoked.
        case revokeToken(String)
        /// `Prefer: expire-token`: the request's token dies before it is answered.
        case expireToken(String)
        /// A refresh: new tokens for the refresh token's account. Applying checks and spends the
        /// refresh token in one step, so one spent by another request since gets the refused answer.
        case refresh(refreshToken: String)
    }

    /// The tokens applying issued, which rendering writes into the answer.
    struct IssuedTokens: Equatable {
        var accessToken: String
        var refreshToken: String?
    }

    let endpoint: AnyEndpoint
    var answer: Answer
    /// Where the request's token stands; nil when the endpoint needs none or serve is stateless.
    var tokenState: TokenState?
    var effects: [Effect] = []
    /// Set by `apply`: what rendering writes into a login's or a refresh's answer.
    var issued: IssuedTokens?
    /// The request whose page of the success mock is served: a paged endpoint's cursor, size and
    /// serve's own next tokens are read from it when the answer is rendered.
    var pageRequest: ServerRequest?
    /// The origin the client reached serve at (`http://127.0.0.1:8080`), when the answer links to
    /// it: a page's next link, or a mock's links to the server it was recorded from.
    var ownOrigin: String?
    /// A fault in how the bytes go out: half the body then a cut, or a few bytes at a time.
    var delivery: ServeFault?
    /// Seconds before the answer goes out.
    var delay: Double = 0

    init(endpoint: AnyEndpoint, answer: Answer) {
        self.endpoint = endpoint
        self.answer = answer
    }

    /// Whether the same request line gets the same answer while the scenario book and the mock's
    /// body stay as they are: a plain mock, no token read, no session moved, no page cut, no
    /// delay, no fault (`AnswerMemo`).
    var replayable: Bool {
        guard case .mock = answer, tokenState == nil, effects.isEmpty, pageRequest == nil, ownOrigin == nil, delivery == nil, delay == 0
        else {
            return false
        }
        // A login, logout or refresh reads the token store even when it answers a plain mock.
        return endpoint.sessionEffect == .keepsSession
    }

    /// Whether the same request line, `Host` and credential get the same answer while the token
    /// stands where it stood and the scenario book and the mock's body stay as they are: a mock
    /// or a page of it, no session moved, no delay, no fault (`ReadAnswerMemo`).
    var readReplayable: Bool {
        guard case .mock = answer, effects.isEmpty, delivery == nil, delay == 0 else { return false }
        return endpoint.sessionEffect == .keepsSession
    }

    /// The problems the journal and the log record; empty for an answer served as asked.
    var problems: [String] {
        switch answer {
        case let .invalid(problems): problems.map(\.text)
        case let .unreadablePreference(detail): [detail]
        case let .unknownScenario(scenario, _): ["unknown scenario \(scenario)"]
        case .fault, .code, .mock, .signal, .wrongCredentials: []
        }
    }

    /// The scenario the journal, the log and `X-Apicheck-Scenario` name: `success`, a variant,
    /// `fault=KIND` or `code=N`; nil for a refused request.
    var scenario: String? {
        if let delivery { return "fault=\(delivery.rawValue)" }
        switch answer {
        case .invalid, .unreadablePreference, .unknownScenario: return nil
        case let .fault(fault): return "fault=\(fault.rawValue)"
        case let .code(code): return "code=\(code.text)"
        case let .mock(scenario): return (scenario ?? .success).rawValue
        case .signal: return "token"
        case .wrongCredentials: return "credentials"
        }
    }
}
