import APICheck
import Foundation
import HTTPServer

/// How `MockServer` serves: where, under which base path, and how stateful. `apicheck serve`
/// fills it from its options; tests build it directly.
public struct MockServerOptions: Sendable {
    /// Loopback unless told otherwise.
    public var host: String
    /// 0 binds any free port.
    public var port: Int
    /// The path every route sits under (`/Api/`); nil takes it from the API's environments.
    public var basePath: String?
    /// Servers the mocks were recorded from that the API's environments do not name
    /// (`--recorded-origin`): their links lead to serve too.
    public var recordedOrigins: [URL] = []
    /// No auth emulation: token endpoints answer whatever token comes, logins return the mock's token.
    public var stateless: Bool
    /// Answer CORS preflights and add `Access-Control-Allow-*` to every answer.
    public var cors: Bool
    /// Milliseconds added to every answer: a fixed value (`min == max`) or a random one in range.
    public var delay: ClosedRange<Int>?
    /// Sticky scenarios from the start, by endpoint id (`--scenario ID=NAME`).
    public var scenarios: [String: ScenarioName]
    /// Start even when the mocks do not pass the audit.
    public var allowInvalid: Bool
    /// One line per request; nil (and no `logText`) keeps the server quiet. Lines reach it through a `LogQueue`:
    /// a request never waits for it, and lines are dropped (and counted) while it is stuck.
    public var log: (@Sendable (String) -> Void)?
    /// Instead of `log`: every line waiting at once as one text, in order, each ended by a
    /// newline (one write for many requests when the server is busy, and no string made per
    /// line). `apicheck serve` writes its log this way.
    public var logText: (@Sendable (String) -> Void)?
    /// When set, every admin request must carry this token (`Authorization: Bearer TOKEN` or
    /// `X-Apicheck-Admin-Token`); meant for a server bound to anything but loopback.
    public var adminToken: String?
    /// Seconds between two looks at a mock file for an edit (one `stat`); 0 looks on every
    /// request. A request in between serves what the last look found.
    public var reloadInterval: Double = 0.5
    /// How many recent requests the admin API's journal keeps.
    public var journalSize: Int
    public var maxMockBytes: Int
    /// The server's limits; its thread model is a pool of epoll threads unless told otherwise.
    public var configuration: HTTPServerConfiguration
    /// The account and password the login accepts, by the auth policy's environment variable
    /// names (`APICHECK_ACCOUNT`); other credentials get the login's `wrong_password` variant. Empty
    /// accepts any, as does a variable left out.
    public var credentials: [String: String] = [:]
    /// How long a token serve issues lives before it gets the dead-token answer by itself, so an
    /// app's refresh path runs without being told to: nil takes the lifetime the login's or the
    /// refresh's answer gives where the refresh policy reads `expiresIn` (none declared: for ever);
    /// `.zero` never expires a token by the clock; any other duration is every token's lifetime,
    /// and the answers' `expiresIn` say so (`--token-lifetime SECONDS`).
    public var tokenLifetime: Duration?
    /// The time token lifetimes are measured by (monotonic); a test moves its own on instead of
    /// waiting.
    public var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    public init(
        host: String = "127.0.0.1", port: Int = 0, basePath: String? = nil, stateless: Bool = false,
        cors: Bool = false, delay: ClosedRange<Int>? = nil, scenarios: [String: ScenarioName] = [:],
        allowInvalid: Bool = false, log: (@Sendable (String) -> Void)? = nil, journalSize: Int = 500,
        maxMockBytes: Int = MockDirectory.defaultMaxFileBytes, configuration: HTTPServerConfiguration? = nil
    ) {
        self.host = host
        self.port = port
        self.basePath = basePath
        self.stateless = stateless
        self.cors = cors
        self.delay = delay
        self.scenarios = scenarios
        self.allowInvalid = allowInvalid
        self.log = log
        self.journalSize = journalSize
        self.maxMockBytes = maxMockBytes
        self.configuration = configuration ?? Self.defaultConfiguration
    }

    /// The server's default limits over a pool of epoll threads, one per core: a mock answer
    /// never blocks (delays and slow bodies suspend the connection), so a thread per connection
    /// would only cost. One address may hold a quarter of the 2,048 connections, as with the
    /// sandbox: enough for simulators, UI tests and `live --concurrency 256` from one machine,
    /// and no single client can take every slot.
    public static var defaultConfiguration: HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.threadModel = .pool(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))
        return configuration
    }

    /// `/Api/` from `http://host/Api/`: the `local` environment's path, else the first by name's.
    static func defaultBasePath(of api: API) -> String {
        let url = api.environments["local"] ?? api.environments.sorted { $0.key < $1.key }.first?.value
        return normalized(url?.path ?? "/")
    }

    /// Leading and trailing slash: `Api` → `/Api/`.
    static func normalized(_ path: String) -> String {
        var path = path
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return path
    }

    /// Whether `host` is a loopback address (any of 127.0.0.0/8, `localhost`, `::1`): the server
    /// is then out of other machines' reach, and its admin API answers only Host names of loopback.
    public var bindsLoopback: Bool { AdminGuard.isLoopback(host) }
}
