import Foundation
import Testing
@testable import APICheck

/// The reports' timestamps are written by hand: they must read as `ISO8601DateFormatter` writes
/// them (UTC, milliseconds rounded to the nearest), before 1970 and at a second's turn included.
@Suite struct ReportTimestampTests {
    @Test(arguments: [
        0.0, 1.9995, 1.0009, -1.5, -0.0004, 1_767_605_400.123_456, 1_767_605_400.9999, 951_825_600.5,
        253_402_300_799.999, 4_107_542_399.0,
    ])
    func aTimestampReadsAsTheFormattersDoes(secondsSince1970: Double) {
        let date = Date(timeIntervalSince1970: secondsSince1970)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(JSONReport.timestamp(date) == formatter.string(from: date))
    }

    @Test func theGoldenFilesDate() {
        #expect(JSONReport.timestamp(Date(timeIntervalSince1970: 1_767_605_400)) == "2026-01-05T09:30:00.000Z")
    }
}
