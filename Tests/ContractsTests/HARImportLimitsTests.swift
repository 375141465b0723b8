import APICheck
import Contracts
import Foundation
import Testing

/// What `import-har` keeps bounded: the undeclared routes it lists (the rest counted), entries it
/// cannot read (counted by why, never dropped), and mock files over `--max-mock` (never written).
@Suite struct HARImportLimitsTests {
    static func entry(_ method: String, _ url: String, _ body: String, extra: String = "") -> String {
        let text = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return
            #"{"startedDateTime": "2026-11-30T10:00:00Z", "request": {"method": "\#(method)", "url": "\#(url)", "headers": []\#(extra)}, "#
            + #""response": {"status": 200, "headers": [], "content": {"mimeType": "application/json", "text": "\#(text)"}}}"#
    }

    static func capture(_ entries: [String]) -> Data {
        Data((#"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ",\n") + "]}}").utf8)
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-limits-\(UUID().uuidString)")
    }

    @Test func undeclaredRoutesAreListedUpToTheCapThenCounted() throws {
        let distinct = HARImportResult.Tally.listedLabels + 70
        var entries = (0..<distinct).map { Self.entry("GET", "https://staging.example.com/Api/nowhere/\($0)", #"{"ok":true}"#) }
        entries.append(Self.entry("GET", "https://staging.example.com/Api/nowhere/0", #"{"ok":true}"#))
        entries.append(Self.entry("GET", "https://staging.example.com/Api/nowhere/\(distinct - 1)", #"{"ok":true}"#))
        let folder = Self.folder()
        let result = HARImport(api: Demo.api, directory: folder, dryRun: true).run(try HARArchive(data: Self.capture(entries)))
        #expect(result.unmatched.counts.count == HARImportResult.Tally.listedLabels)
        #expect(result.unmatched.counts.first?.label == "GET /Api/nowhere/0" && result.unmatched.counts.first?.count == 2)
        #expect(result.unmatched.unlistedLabels == 70)
        #expect(result.unmatched.unlistedEntries == 71)
        #expect(result.unmatched.total == distinct + 2)
        let lines = result.lines
        #expect(lines.filter { $0.hasPrefix("undeclared") }.count == HARImportResult.Tally.listedLabels + 1)
        #expect(lines.contains("undeclared   … and 70 more routes (71 entries)"))
        #expect(lines.last?.contains("\(distinct + 2) for undeclared routes") == true)
    }

    @Test func anEntryNestedTooDeepIsCountedNotDropped() throws {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let entries = [
            Self.entry("GET", "https://staging.example.com/Api/config/main.json", "[]"),
            Self.entry("GET", "https://staging.example.com/Api/config/main.json", "[]", extra: #", "comment": \#(deep)"#),
            #"{"request": {"method": "GET"}}"#,
        ]
        let result = HARImport(api: Demo.api, directory: Self.folder(), dryRun: true).run(try HARArchive(data: Self.capture(entries)))
        #expect(result.entries == 3)
        #expect(result.files.map(\.seen) == [1])
        #expect(result.unreadable.total == 2)
        #expect(
            result.unreadable.counts.map(\.label) == [
                "not JSON: nesting deeper than \(JSONParser.defaultMaxDepth) levels",
                "no request method, URL or response",
            ])
        #expect(result.lines.last?.contains("3 entries: 1 matched into 1 files") == true)
        #expect(result.lines.last?.contains("2 unreadable") == true)
    }

    @Test func aMockOverTheSizeCapIsNeverWritten() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big =
            "["
            + (0..<200).map { #"{"clsName":"C\#($0)","title":"T","imageName":"i","visitorInfo":null}"# }
            .joined(separator: ",") + "]"
        let entries = [
            Self.entry("GET", "https://staging.example.com/Api/config/main.json", big),
            Self.entry(
                "POST", "https://staging.example.com/Api/Account/login",
                #"{"code":200,"msg":"success","datas":{"uid":1,"userName":"demo","mail":"d@example.com","utoken":"2.00SizeCapToken","expires_in":3600}}"#
            ),
        ]
        for force in [false, true] {
            let result = HARImport(api: Demo.api, directory: folder, force: force, maxFileBytes: 4096)
                .run(try HARArchive(data: Self.capture(entries)))
            let config = try #require(result.files.first { $0.file == "config_main.json" })
            #expect(config.action == .refused)
            #expect(!config.forced)
            let finding = try #require(config.findings.first)
            #expect(finding.kind == .mockTooLarge)
            #expect(finding.message.contains("over the 4 KiB cap") && finding.message.contains("--max-mock"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("config_main.json").path))
            #expect(result.files.first { $0.file == "login.json" }.map { $0.action == .created || $0.action == .unchanged } == true)
            #expect(result.verdict == .violated)
        }
    }
}
