import Foundation

/// A command of the scaling bench, as `apicheck-catalog` runs it over a generated catalog.
enum ScaleCommand: String, CaseIterable {
    case live, mocks, list, openapi, serve, record

    struct Context {
        let size: Int
        let mocks: String
        /// The local provider's base URL, answering every path at once.
        let target: String
        /// A scratch folder (record writes below it).
        let workspace: String
    }

    func arguments(_ context: Context, scratch: String) -> [String] {
        switch self {
        case .live: ["live", "--base-url", context.target, "--mocks", context.mocks]
        case .mocks: ["mocks", "--mocks", context.mocks]
        case .list: ["list"]
        case .openapi: ["openapi", "--mocks", context.mocks]
        case .serve: ["serve", "--port", "0", "--mocks", context.mocks]
        case .record: ["record", "--base-url", context.target, "--mocks", scratch]
        }
    }

    /// One run of `binary`. `serve` counts until it prints that it serves, then is killed.
    func measure(_ binary: String, _ context: Context) throws -> MeasuredProcess.Figures {
        let scratch = context.workspace + "/record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let environment = ["APICHECK_CATALOG_ENDPOINTS": "\(context.size)", "NO_COLOR": "1"]
        guard self == .serve else {
            return try MeasuredProcess([binary] + arguments(context, scratch: scratch), environment: environment).wait()
        }
        let log = context.workspace + "/serve-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = try MeasuredProcess([binary] + arguments(context, scratch: scratch), environment: environment, stderr: log)
        let clock = ContinuousClock()
        let start = clock.now
        var serving: Double?
        while serving == nil, (clock.now - start).seconds < 120 {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains(" on http") {
                serving = (clock.now - start).seconds
            } else {
                usleep(500)
            }
        }
        process.stop()
        var figures = try process.wait(expectedSignal: SIGKILL)
        guard let serving else { throw BenchError("serve did not start within 120 s over \(context.size) endpoints") }
        figures.wall = serving
        return figures
    }
}
