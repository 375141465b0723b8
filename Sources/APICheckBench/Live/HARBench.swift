import APICheck
import Contracts
import Foundation

/// `import-har` on a generated capture of `--megabytes` (100 by default): the demo's timeline,
/// status and login answers with tokens in their URLs and headers, and one image in three, as
/// browsers export them (slashes unescaped, as Chrome writes them). The baseline is a bare
/// `JSONSerialization` read of the same file: a tree of the whole capture, what the import once
/// built. The import is a dry run into an empty folder: it reads, matches, classifies, redacts and
/// proves every mock, and writes nothing; the process's peak resident size is read right after it.
struct HARBench {
    var megabytes = 100
    var reps = 1
    /// `--baseline no` skips the bare read: its tree of a 1 GB capture would not fit in memory.
    var baseline = true
    /// `--undeclared N`: instead, a capture of N entries each for a route no endpoint declares,
    /// every one distinct (a whole site captured): what once made the import quadratic.
    var undeclared: Int?

    init(_ options: Options) throws(BenchError) {
        megabytes = try options.int("megabytes", default: megabytes)
        reps = try options.int("reps", default: reps)
        baseline = options.string("baseline") != "no"
        undeclared = options.string("undeclared") == nil ? nil : try options.int("undeclared", default: 1)
    }

    func run() async throws -> String {
        guard let mocks = MockTransport.locateMocks(from: #filePath) else { throw BenchError("no mocks/ folder found") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bench-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let (entries, size) =
            try undeclared.map { try Self.writeUndeclared(to: file, entries: $0) }
            ?? Self.writeCapture(to: file, megabytes: megabytes, mocks: mocks)
        let clock = ContinuousClock()
        var bare: [Double] = [], imports: [Double] = []
        var matched = 0
        // The imports run first, so the peak resident size read after them is theirs, not the
        // baseline's tree of the whole file.
        for _ in 0..<reps {
            let start = clock.now
            let archive = try HARArchive(contentsOf: file)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bench-\(UUID().uuidString)")
            let result = HARImport(api: Demo.api, directory: folder, dryRun: true).run(archive)
            imports.append((clock.now - start).seconds)
            matched = result.files.reduce(0) { $0 + $1.seen }
        }
        let importPeak = Self.peakResidentMegabytes()
        for _ in 0..<(baseline ? reps : 0) {
            let start = clock.now
            let data = try Data(contentsOf: file)
            _ = try JSONSerialization.jsonObject(with: data)
            bare.append((clock.now - start).seconds)
        }
        let importTime = Spread(imports).median, bareTime = bare.isEmpty ? nil : Spread(bare).median
        let mb = Double(size) / 1_048_576
        let what = undeclared == nil ? "" : " of distinct undeclared routes"
        var text =
            "import-har: a generated capture of \(String(format: "%.0f", mb)) MB, \(entries) entries\(what) (\(matched) matched), "
            + "median of \(reps)\n"
        var rows = [["HARArchive + HARImport, dry run", String(format: "%.2f", importTime), String(format: "%.0f", mb / importTime)]]
        if let bareTime {
            rows.insert(
                ["bare JSONSerialization read (baseline)", String(format: "%.2f", bareTime), String(format: "%.0f", mb / bareTime)], at: 0)
        }
        text += table(["", "seconds", "MB/s"], rows)
        text +=
            "\n=> import-har\(undeclared.map { " \($0) undeclared routes" } ?? ""): \(String(format: "%.0f", mb)) MB in \(String(format: "%.2f", importTime)) s, "
            + (bareTime.map { "\(ratio(importTime / $0)) a bare read, " } ?? "")
            + "peak resident \(importPeak) MB (budget: 100 MB within 10 s and 1 GB)"
        return text
    }

    /// The process's peak resident size so far (Linux counts `ru_maxrss` in kilobytes).
    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss / 1024
    }

    /// `entries` JSON answers, each for a route of its own that no endpoint declares, with a token
    /// of its own in the query; returns the entry count and the size.
    static func writeUndeclared(to file: URL, entries: Int) throws -> (Int, Int) {
        var text = #"{"log": {"version": "1.2", "creator": {"name": "apicheck-bench", "version": "1"}, "entries": ["#
        for index in 0..<entries {
            text +=
                (index == 0 ? "" : ",\n") + #"{"startedDateTime": "2026-11-30T10:00:00Z", "request": {"method": "GET", "url": "#
                + #""https://staging.example.com/Api/catalog/item\#(index)/detail?access_token=2.00Token\#(index)", "headers": [], "#
                + #""queryString": [{"name": "access_token", "value": "2.00Token\#(index)"}]}, "response": {"status": 200, "headers": [], "#
                + #""content": {"mimeType": "application/json", "text": "{\"item\":\#(index)}"}}}"#
        }
        text += "]}}\n"
        let data = Data(text.utf8)
        try data.write(to: file)
        return (entries, data.count)
    }

    /// Writes entries until the file reaches `megabytes`; returns the entry count and the size.
    static func writeCapture(to file: URL, megabytes: Int, mocks: URL) throws -> (Int, Int) {
        func compact(_ name: String) throws -> String {
            try JSONParser.parse(Data(contentsOf: mocks.appendingPathComponent(name))).compactText
        }
        let base = "https://staging.example.com/Api/"
        let timeline = try compact("home_timeline.json"), status = try compact("status_show.json"), login = try compact("login.json")
        let image = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).base64EncodedString()
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var size = 0, count = 0
        func write(_ text: String) throws {
            let data = Data(text.utf8)
            try handle.write(contentsOf: data)
            size += data.count
        }
        func entry(_ method: String, _ url: String, _ mime: String, _ text: String, base64: Bool = false) throws -> String {
            let token = "2.00BenchToken\(String(format: "%05d", count % 100))"
            let content: [String: Any] =
                base64
                ? ["size": text.count, "mimeType": mime, "text": text, "encoding": "base64"]
                : ["size": text.utf8.count, "mimeType": mime, "text": text]
            let object: [String: Any] = [
                "startedDateTime": String(format: "2026-11-30T10:%02d:%02d.%03dZ", count / 60000 % 60, count / 1000 % 60, count % 1000),
                "request": [
                    "method": method, "url": url.replacingOccurrences(of: "TOKEN", with: token),
                    "headers": [["name": "Authorization", "value": "Bearer " + token]], "queryString": [],
                ],
                "response": ["status": 200, "headers": [["name": "Content-Type", "value": mime]], "content": content],
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]), as: UTF8.self)
        }
        try write(#"{"log": {"version": "1.2", "creator": {"name": "apicheck-bench", "version": "1"}, "entries": ["#)
        while size < megabytes << 20 {
            let text: String
            switch count % 6 {
            case 0, 3: text = try entry("GET", base + "statuses/home_timeline?count=20&access_token=TOKEN", "application/json", timeline)
            case 1, 4:
                text = try entry("GET", base + "statuses/\(4_130_540_976_425_200 + count)?access_token=TOKEN", "application/json", status)
            case 2: text = try entry("GET", "https://cdn.example.com/img/\(count).png", "image/png", image, base64: true)
            default: text = try entry("POST", base + "Account/login", "application/json", login)
            }
            try write((count == 0 ? "" : ",\n") + text)
            count += 1
        }
        try write("]}}\n")
        return (count, size)
    }
}
