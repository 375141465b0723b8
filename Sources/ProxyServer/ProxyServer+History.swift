import APICheck
import Foundation

extension ProxyServer {
    /// `report` (this proxy's) with what the results history keeps of each endpoint besides its
    /// verdict and findings: the HTTP status most of its answers had, and the phase times of its
    /// median answer by total time over the latest ones. The reports themselves leave them out:
    /// they describe traffic, not one call.
    public func withExchangeFigures(_ report: Report) -> Report {
        let endpoints = core.coverage.snapshot.endpoints
        var report = report
        for index in report.results.indices {
            guard let count = endpoints[report.results[index].endpoint] else { continue }
            report.results[index].status = count.statuses.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
            let sorted = count.timings.sorted { $0.total < $1.total }
            if !sorted.isEmpty { report.results[index].timings = sorted[(sorted.count - 1) / 2] }
        }
        return report
    }

    /// The credentials the traffic carried, when `options.keepsCredentials`.
    public var credentialsSeen: [String] { core.credentialsSeen.values }
}
