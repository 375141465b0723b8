import Foundation

/// One run as the store keeps it: where and what was checked, each endpoint's and probe's
/// verdict and phase latencies, each finding without its server-supplied text, and which mock
/// each answer was compared with. Built from a run's `Report` (`HistoryRun+Report.swift`).
public struct HistoryRun: Sendable, Equatable {
    public struct Result: Sendable, Equatable {
        public var name: String
        /// `endpoint`, `probe`, `paging` or `error-check`.
        public var role: String
        public var endpoint: String
        /// `ok`, `warn`, `FAIL` or `skip`, as reports print it.
        public var status: String
        public var httpStatus: Int?
        /// The answer's classification: `success`, `tokenExpired`, `failure(10002)`, ... (the `outcome` column)
        public var classification: String?
        /// The mock file the answer was compared with, when drift was checked.
        public var mock: String?
        /// The answer matched its mock: no drift, nothing wrong with the answer.
        public var matchedMock: Bool
        /// Phase times in milliseconds (libcurl's, cumulative from the request's start).
        public var dnsMs: Double?
        public var connectMs: Double?
        public var tlsMs: Double?
        public var firstByteMs: Double?
        public var totalMs: Double?
    }

    public struct Finding: Sendable, Equatable {
        /// Index into `results`; nil for a finding about the run as a whole.
        public var result: Int?
        /// The result's name, or `-` for the run.
        public var name: String
        public var kind: String
        public var severity: String
        public var category: String
        public var path: String?
        /// The server's code or HTTP status the finding is about, when it is about one.
        public var code: String?
        public var mock: String?

        /// The same finding in another run has the same fingerprint: where, what kind, what path.
        public var fingerprint: Int64 { Self.fingerprint(name: name, kind: kind, path: path) }

        static func fingerprint(name: String, kind: String, path: String?) -> Int64 {
            Int64(bitPattern: FNV1a.hash([name, kind, path ?? ""]))
        }
    }

    /// The row's own id: unique per stored run.
    public var runID: String
    /// The report's run id (`--run-id`), shared by every shard and service of one CI run.
    public var reportRunID: String?
    public var startedAt: Date
    public var duration: Double
    public var command: String
    public var api: String
    /// `APIFingerprint` of the declarations the run checked.
    public var apiHash: String
    /// The commit of the code under test, when the environment says.
    public var commit: String?
    /// The apicheck that ran it: version and commit.
    public var tool: String
    public var environment: String?
    /// The base URL, without user info or query.
    public var baseURL: String
    /// `k/n` when the run was one shard of several.
    public var shard: String?
    public var verdict: String
    public var endpoints: Int
    public var endpointsPassed: Int
    public var errors: Int
    public var warnings: Int
    public var results: [Result]
    public var findings: [Finding]
}
