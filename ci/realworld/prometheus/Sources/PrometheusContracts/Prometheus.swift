import APICheck
import Foundation

/// The HTTP API of Prometheus (`/api/v1/`), as the Debian package serves it: every answer is
/// `{"status": "success", "data": …}`, a failure `{"status": "error", "errorType": …, "error": …}`
/// with HTTP 400, 422 or 503. No login: every endpoint is open.
public enum Prometheus {
    public static let buildInfo = Endpoint<Answer<BuildInfo>>(
        id: "status.buildinfo", .get, "status/buildinfo", mock: "buildinfo", enveloped: false)

    public static let runtimeInfo = Endpoint<Answer<RuntimeInfo>>(
        id: "status.runtimeinfo", .get, "status/runtimeinfo", mock: "runtimeinfo", enveloped: false)

    /// The command-line flags: a map whose keys are data.
    public static let flags = Endpoint<Answer<[String: String]>>(
        id: "status.flags", .get, "status/flags", mock: "flags", enveloped: false)

    public static let tsdb = Endpoint<Answer<TSDBStatus>>(
        id: "status.tsdb", .get, "status/tsdb", mock: "tsdb", enveloped: false)

    public static let labels = Endpoint<Answer<[String]>>(
        id: "labels", .get, "labels", mock: "labels", enveloped: false)

    public static let labelValues = Endpoint<Answer<[String]>>(
        id: "label.values", .get, "label/{name}/values",
        parameters: [.path("name", .string, sample: .literal("job"))],
        mock: "label_values", enveloped: false)

    /// `match[]` may be repeated; the declaration model sends one value.
    public static let series = Endpoint<Answer<[[String: String]]>>(
        id: "series", .get, "series",
        parameters: [.query("match[]", .string, required: true, sample: .literal("up"))],
        mock: "series", enveloped: false)

    public static let targets = Endpoint<Answer<Targets>>(
        id: "targets", .get, "targets",
        parameters: [.query("state", .string, sample: .literal("active"))],
        mock: "targets", enveloped: false)

    public static let metadata = Endpoint<Answer<[String: [MetricMetadata]]>>(
        id: "metadata", .get, "metadata",
        parameters: [.query("metric", .string, sample: .literal("prometheus_build_info"))],
        mock: "metadata", enveloped: false)

    public static let api = API(
        name: "prometheus",
        envelope: EnvelopePolicy(),
        endpoints: [buildInfo, runtimeInfo, flags, tsdb, labels, labelValues, series, targets, metadata])
}
