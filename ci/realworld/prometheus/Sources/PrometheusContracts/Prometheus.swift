import APICheck
import Foundation

/// The HTTP API of Prometheus (`/api/v1/`), as the Debian package serves it: every answer is
/// `{"status": "success", "data": …}`, a failure `{"status": "error", "errorType": …, "error": …}`
/// with HTTP 400, 422 or 503. No login: every endpoint is open.
public enum Prometheus {
    public static let buildInfo = Endpoint<BuildInfo>(
        id: "status.buildinfo", .get, "status/buildinfo", mock: "buildinfo")

    public static let runtimeInfo = Endpoint<RuntimeInfo>(
        id: "status.runtimeinfo", .get, "status/runtimeinfo", mock: "runtimeinfo")

    /// The command-line flags: a map whose keys are data.
    public static let flags = Endpoint<[String: String]>(
        id: "status.flags", .get, "status/flags", mock: "flags")

    public static let tsdb = Endpoint<TSDBStatus>(
        id: "status.tsdb", .get, "status/tsdb", mock: "tsdb")

    public static let labels = Endpoint<[String]>(
        id: "labels", .get, "labels", mock: "labels")

    public static let labelValues = Endpoint<[String]>(
        id: "label.values", .get, "label/{name}/values",
        parameters: [.path("name", .string, sample: .literal("job"))],
        mock: "label_values")

    /// `match[]` repeated: one selector per item.
    public static let series = Endpoint<[[String: String]]>(
        id: "series", .get, "series",
        parameters: [.queryList("match", .string, .brackets, required: true,
                                sample: .literal(["up", "prometheus_build_info"]))],
        mock: "series")

    /// The same lookup as a form, as dashboards POST it when the selectors are long.
    public static let seriesPost = Endpoint<[[String: String]]>(
        id: "series.post", .post, "series", mock: "series_post",
        body: .form(SeriesForm.self, lists: .brackets, sample: SeriesForm(match: ["up", "prometheus_build_info"])))

    public static let targets = Endpoint<Targets>(
        id: "targets", .get, "targets",
        parameters: [.query("state", .string, sample: .literal("active"))],
        mock: "targets")

    public static let metadata = Endpoint<[String: [MetricMetadata]]>(
        id: "metadata", .get, "metadata",
        parameters: [.query("metric", .string, sample: .literal("prometheus_build_info"))],
        mock: "metadata")

    /// An instant query; a query that does not parse is answered 400 `bad_data`, which live checks
    /// provoke. `up` answers a vector; `time()`, which Prometheus's own UI asks for, a scalar
    /// (`query@scalar.json`).
    public static let query = Endpoint<QueryResult>(
        id: "query", .get, "query",
        parameters: [.query("query", .string, required: true, sample: .literal("up"))],
        mock: "query", scenarios: ["scalar"],
        errorChecks: [.scenario("bad_data", status: 400, code: "bad_data", inputs: ["query": "up{"])])

    /// A range query: what the graph tab of Prometheus's own UI asks for. The times are Unix
    /// seconds or RFC 3339, the step a duration or seconds: text, as the server reads them.
    public static let queryRange = Endpoint<RangeQueryResult>(
        id: "query.range", .get, "query_range",
        parameters: [.query("query", .string, required: true, sample: .literal("up")),
                     .query("start", .string, required: true, sample: .relativeTime(offset: -60, .iso8601)),
                     .query("end", .string, required: true, sample: .relativeTime(offset: 0, .iso8601)),
                     .query("step", .string, required: true, sample: .literal("15s"))],
        mock: "query_range")

    /// An instant query as a form body, as Grafana sends it.
    public static let queryPost = Endpoint<QueryResult>(
        id: "query.post", .post, "query", mock: "query_post",
        body: .form(QueryForm.self, sample: QueryForm(query: "up")))

    public static let api = API(
        name: "prometheus",
        envelope: EnvelopePolicy(code: "$.status", message: "$.error", payload: "$.data",
                                 success: ["success"], failure: ["error"]),
        errors: ErrorShape(code: "$.errorType", message: "$.error"),
        endpoints: [buildInfo, runtimeInfo, flags, tsdb, labels, labelValues, series, seriesPost, targets, metadata, query, queryRange, queryPost])
}
