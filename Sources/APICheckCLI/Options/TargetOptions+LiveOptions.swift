import APICheck
import Foundation

extension TargetOptions {
    /// What `live` and `record` ask of a run, read in one place: an option of the target reaches
    /// both commands, never one of them only.
    func liveOptions(
        _ live: LiveTarget, connection: ConnectionOptions, maxMockBytes: Int, mocksDirectory: URL? = nil, strict: Bool = false
    ) -> LiveOptions {
        var options = LiveOptions(
            baseURL: live.url, only: only, concurrency: connection.concurrency, strict: strict,
            mocksDirectory: mocksDirectory, environment: live.environment, probes: probes, probeFilter: probeFilter)
        options.maxMockBytes = maxMockBytes
        options.certificateWarningDays = connection.certificateWarningDays
        options.traceContext = traceContext
        options.errorChecks = errorChecks
        options.wholeRun = wholeRun
        options.identityEndingsNamed = named ?? []
        options.readsOnly = readsOnly
        options.excluded = excluded
        return options
    }
}
