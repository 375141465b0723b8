import CurlClient
import Foundation
import HTTPServer

/// How `apicheck proxy` listens, reaches the upstream and judges what passes through it.
public struct ProxyOptions: Sendable {
    /// Where every request goes: its scheme, host and port; a path in it is where the API's
    /// routes sit (`https://staging.example.com/Api/`), and only requests under it are routed.
    public var upstream: URL
    public var host = "127.0.0.1"
    /// 0 binds any free port.
    public var port = 8080
    /// The listening side's limits: deadlines, connection caps, the request body budget. Its
    /// thread model is the proxy's own (`ProxyLoop`), whatever this says.
    public var configuration: HTTPServerConfiguration
    /// The upstream side: TLS, timeouts, transfers in flight. Always in pass-through mode.
    public var upstreamConfiguration: CurlConfiguration
    /// What moves the exchanges (`--engine`): the checks are the same on either.
    public var engine = ProxyEngine.standard
    /// Answer a violation in the API's error shape instead of passing the exchange on.
    public var enforce = false
    /// A route no endpoint declares is an error finding, not just a line in the coverage.
    public var undeclaredIsError = false
    /// Distinct findings kept (by endpoint, kind and JSONPath); past it new ones are counted only.
    public var findingLimit = 2000
    /// Routes no endpoint declares, kept by method and path for the coverage; past it counted only.
    public var undeclaredLimit = 500
    /// Where `writeNewShapes` writes the answers no mock covers, as candidate mocks.
    public var recordNew: URL?
    /// Keep the credentials the traffic carries (`credentialsSeen`), for a secret proof over
    /// what the results history would store of the run.
    public var keepsCredentials = false
    /// Bytes of bodies waiting for their checks; past it, exchanges pass unchecked and are counted.
    public var checkBudget = ProxyOptions.defaultCheckBudget
    /// `checkBudget` unless set (`apicheck proxy --check-memory`).
    public static let defaultCheckBudget = 128 << 20
    /// Verdicts kept for exchanges seen again (`CheckMemo`): the same request and the same answer
    /// bytes get the same findings without being parsed and decoded again. 0 turns it off.
    public var checkMemoEntries = 4096
    /// Bytes of requests and answers the memo's keys may hold.
    public var checkMemoBytes = 32 << 20
    /// The id the reports carry (`--run-id`, or the CI runner's); nil for none.
    public var runID: String?
    /// Lists followed at once for the paging checks (per client and list); past it the least
    /// recently read is let go.
    public var pageStreamLimit = 1024
    /// WebSocket tunnels: at most this many open, and per client address; closed after this many
    /// seconds with no byte either way; this many bytes buffered each way.
    public var tunnelTotal = 1024
    public var tunnelsPerAddress = 64
    public var tunnelIdleTimeout: Double = 120
    public var tunnelBufferBytes = 64 << 10
    var tunnelLimits: TunnelPump.Limits {
        TunnelPump.Limits(total: tunnelTotal, perAddress: tunnelsPerAddress, idleTimeout: tunnelIdleTimeout, bufferBytes: tunnelBufferBytes)
    }
    /// An answer (or a request's body: `listening`) whose body passes this many bytes goes on as it arrives, past
    /// `upstreamConfiguration.maxBodyBytes` too; a smaller one is gathered and sent whole (the
    /// fast path). 0 gathers every answer, capped. The lesser of this and the cap applies.
    public var streamThreshold = 256 << 10
    /// A request body past the lesser of `streamThreshold` and `configuration.maxRequestBody`
    /// goes upstream as it arrives, not capped by the latter (not under `--enforce`, which
    /// judges a request before it goes on).
    var listening: HTTPServerConfiguration {
        var listening = configuration
        listening.threadModel = .loops(loopCount)
        if !enforce, streamThreshold > 0 {
            listening.streamsRequestBodiesPast = min(streamThreshold, configuration.maxRequestBody)
        }
        return listening
    }
    /// Bytes all request bodies streamed upstream hold at once (`--upload-memory`): each is
    /// booked when it starts streaming, at `bytesPerUpload` (more for a chunked body that
    /// gathered more before the threshold), until its exchange ends; one that would pass it is
    /// answered 503 with `Retry-After` and counted. Below `bytesPerUpload` no upload streams.
    public var uploadMemory = 64 << 20
    /// What one streamed upload with a `Content-Length` holds: its stream's buffer and libcurl's
    /// upload buffer. Its copy for the check is held against `checkBudget` instead.
    public static let bytesPerUpload = HTTPServer.uploadCapacity + CurlTransport.uploadBufferBytes
    /// Bytes of a body kept with a finding's first exchange.
    public var keptBodyBytes = 2048
    /// A request carrying this header (any value) passes through unchecked, counted as skipped.
    public static let skipHeader = "X-Apicheck-Skip"
    /// Receives one line per new finding (escaped, redacted), batched by the caller if it likes.
    public var logText: (@Sendable (String) -> Void)?

    /// The proxy's loops (`ProxyLoop`), each a thread serving its share of the connections and
    /// their upstream calls: one per core by default.
    public var loops = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16))

    /// The loops the proxy runs: no more than upstream transfers may be in flight, since each
    /// loop's libcurl handle takes its share of them.
    var loopCount: Int { max(1, min(loops, upstreamConfiguration.concurrency)) }

    public init(upstream: URL, port: Int = 8080) {
        self.upstream = upstream
        self.port = port
        var configuration = HTTPServerConfiguration(maxRequestBody: 32 << 20)
        configuration.keepsRawQuery = true
        self.configuration = configuration
        var upstreamConfiguration = CurlConfiguration(concurrency: 1024, timeout: 60, maxBodyBytes: 64 << 20)
        upstreamConfiguration.passThrough = true
        self.upstreamConfiguration = upstreamConfiguration
    }

    /// The path every route sits under, with its trailing slash: `/` when the upstream has none.
    var basePath: String {
        let path = upstream.path
        guard !path.isEmpty, path != "/" else { return "/" }
        return path.hasSuffix("/") ? path : path + "/"
    }
}

extension ProxyOptions {
    /// `scheme://host:port` of the upstream, without a trailing slash.
    var upstreamOrigin: String {
        var components = URLComponents()
        components.scheme = upstream.scheme
        components.host = upstream.host
        components.port = upstream.port
        return components.string ?? upstream.absoluteString
    }
}
