@testable import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// The note that lists what a run skips because it needs first an endpoint the run does not send
/// names the cause that holds it back, and only that one.
@Suite struct HeldWriteNoteTests {
    /// The demo with `statuses.show` reading its id from `topics.like`'s answer (no fallback), and
    /// `topics.like` declared a write to an object the run did not create.
    static let api = Demo.api
        .changingEndpoint("topics.like") { $0.actingOnExisting() }
        .changingEndpoint("statuses.show") {
            $0.declaring(.path("id", .int64, sample: .seen(endpoint: "topics.like", path: "$.datas.id", fallback: nil)))
        }

    @Test func aWriteHeldUntilNamedIsTheCause() async {
        let run = await HistoryPerAPICommandTests.cli(["live", "--no-probes", "--only", "statuses.show"], api: Self.api)
        #expect(
            run.err.contains(
                "skipped, as each needs first an endpoint the run does not send (a write held until --only names it): "
                    + "statuses.show (needs topics.like)"), "\(run.err)")
    }

    @Test func exceptAloneIsTheCause() async {
        let api = Demo.api.changingEndpoint("statuses.show") {
            $0.declaring(.path("id", .int64, sample: .seen(endpoint: "topics.like", path: "$.datas.id", fallback: nil)))
        }
        let run = await HistoryPerAPICommandTests.cli(
            ["live", "--no-probes", "--only", "statuses.show", "--except", "topics.like"], api: api)
        #expect(run.err.contains("the run does not send (--except): statuses.show (needs topics.like)"), "\(run.err)")
    }
}
