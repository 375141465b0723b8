@testable import APICheck
import Testing

/// What `record` lists besides its files.
@Suite struct MockRecordingTests {
    /// Alertmanager refused a made-up silence: `record` printed the refusal twice, as the
    /// warning that the mock was not recorded and as the endpoint's error, with the same text.
    @Test func aMockNotRecordedBecauseItsEndpointFailedIsSaidOnce() {
        let endpoint = Endpoint<JSONValue>(id: "postSilences", .post, "silences", mock: "postSilences").erased
        let failure = Finding(
            kind: .httpStatus, severity: .error, category: .contract, endpoint: endpoint.id,
            message: #"HTTP 400, body starts "start time must be before end time""#)
        var result = CheckResult(.check(endpoint, reported: true))
        result.findings = [failure]
        var report = Report(command: .record, api: "t", target: "http://x/")
        report.results = [result]
        let note = MockRecorder.notRecorded(endpoint, scenario: nil, why: failure.summaryLine, kind: failure.kind)
        let other = MockRecorder.notRecorded(endpoint, scenario: "expired", why: "the probe's answer is not JSON")
        let recording = MockRecording(report: report, files: [], notRecorded: [note, other], force: false)
        #expect(recording.listedFindings.map(\.message) == [other.message, failure.message])
    }

    /// Alertmanager's `generatorURL`, in some alerts and not others, was listed with `-`, as
    /// if gone.
    @Test func aMemberAbsentFromSomeItemsIsNotListedAsRemoved() throws {
        let partly = ShapeChange(
            kind: .removed, path: "$[*].generatorURL", expected: "String", found: "absent in some objects", partly: true)
        let gone = ShapeChange(kind: .removed, path: "$[*].id", expected: "String", found: "absent")
        let result = MockWriteResult(
            endpoint: "getAlerts", file: "getAlerts.json", path: "mocks/getAlerts.json", action: .updated, changes: [partly, gone])
        #expect(
            result.lines == [
                "updated   getAlerts.json", "    ~ $[*].generatorURL  String -> absent in some objects", "    - $[*].id  String",
            ])
    }
}
