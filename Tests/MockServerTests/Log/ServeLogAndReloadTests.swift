import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
import MockServer
import Synchronization
import TestSupport
import Testing

/// The log never holds an answer up and never carries raw client text; an edited mock goes
/// through the start-up checks before it is served, and edits are looked for without a `stat`
/// per request.
@Suite struct ServeLogAndReloadTests {
    /// A log consumer that takes nothing until released: a pager, a terminal held with Ctrl-S.
    final class StalledLog: Sendable {
        let gate = DispatchSemaphore(value: 0)
        let lines = Mutex<[String]>([])
        func write(_ line: String) {
            _ = gate.wait(timeout: .now() + 60)
            lines.withLock { $0.append(line) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func aStalledLogHoldsNoAnswerUp() async throws {
        let stalled = StalledLog()
        var options = MockServerOptions(log: { stalled.write($0) })
        options.configuration.threadModel = .pool(threads: 1)
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: options)
        try server.start()
        defer {
            stalled.gate.signal()
            server.stop()
        }
        let transport = CurlTransport(configuration: CurlConfiguration(timeout: 20))
        for _ in 0..<20 {
            #expect(try await transport.send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("topics"))).status == 200)
        }
    }

    @Test func aFullQueueDropsAndCountsLinesAndSaysSoWhenTheReaderIsBack() {
        let stalled = StalledLog()
        let queue = LogQueue(capacity: 2) { stalled.write($0) }
        for index in 0..<50 { queue.append("line \(index)") }

        // At most two lines are held: the ones the stalled sink took (one or both of the two
        // queued when the thread looked, depending on when it woke) and the two queued behind them.
        let dropped = queue.dropped
        #expect(dropped >= 50 - 2 * 2)
        for _ in 0..<60 { stalled.gate.signal() }
        #expect(queue.flush())
        let written = stalled.lines.withLock { $0 }
        let kept = written.filter { $0.hasPrefix("line ") }
        #expect(written.first == "line 0")
        #expect(kept == kept.sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! })
        #expect(kept.count + dropped == 50)
        // One notice, or two when the thread took its first lines only after some were dropped:
        // each says how many were dropped before it, and together they count them all.
        let notices = written.filter { $0.hasSuffix(" dropped: the log's reader fell behind)") }
        #expect(!notices.isEmpty)
        #expect(notices.compactMap { Int($0.dropFirst().prefix { $0.isNumber }) }.reduce(0, +) == dropped)
    }

    /// Lines that queue up while the sink writes go to it together, in order: one write for many
    /// requests when the server is busy.
    @Test func linesWaitingTogetherReachABatchSinkInOneCall() {
        let gate = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let batches = Mutex<[[String]]>([])
        let queue = LogQueue(batchSink: { lines in
            if lines.first == "line 0" {
                entered.signal()
                _ = gate.wait(timeout: .now() + 60)
            }
            batches.withLock { $0.append(lines) }
        })
        queue.append("line 0")
        // The queue's thread is now held in the sink with line 0; the next lines wait together.
        #expect(entered.wait(timeout: .now() + 30) == .success)
        for index in 1..<10 { queue.append("line \(index)") }
        gate.signal()

        #expect(queue.flush())
        let written = batches.withLock { $0 }
        #expect(written.flatMap { $0 } == (0..<10).map { "line \($0)" })
        #expect(written.count == 2, "\(written)")
    }

    /// `apicheck serve`'s sink: the lines waiting together come as one text, each ended by a
    /// newline, their durations written by the queue, and a drop notice after them.
    @Test func aTextSinkGetsTheWaitingLinesAsOneTextEachEndedByANewline() {
        let gate = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let texts = Mutex<[String]>([])
        let queue = LogQueue.writingText(capacity: 9) { text in
            if text.hasPrefix("line 0") {
                entered.signal()
                _ = gate.wait(timeout: .now() + 60)
            }
            texts.withLock { $0.append(text) }
        }
        queue.append("line 0")
        #expect(entered.wait(timeout: .now() + 30) == .success)
        for index in 1..<12 { queue.append("line \(index) ", milliseconds: Double(index) + 0.25, delay: index == 9 ? 200 : 0) }
        gate.signal()

        #expect(queue.flush())
        let expected =
            (1..<10).map { "line \($0) \($0).3 ms\($0 == 9 ? " (+200 ms delay)" : "")\n" }.joined()
            + "(2 log lines dropped: the log's reader fell behind)\n"
        #expect(texts.withLock { $0 } == ["line 0\n", expected])
    }

    @Test func clientTextReachesTheLogAndTheJournalEscaped() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let server = harness.server
        _ = server.respond(to: ServerRequest(method: "G\u{1B}[2JET", path: "/Api/topics"))
        _ = server.respond(to: ServerRequest(method: "GET", path: "/Api/abc\u{202E}txt.exe\u{200B}\u{2028}\u{E0041}"))
        let lines = harness.log.all
        let raw: [Unicode.Scalar] = ["\u{1B}", "\u{202E}", "\u{200B}", "\u{2028}", "\u{E0041}"]

        #expect(lines.count == 2)
        #expect(!lines.joined().unicodeScalars.contains { raw.contains($0) })
        #expect(lines[0].hasPrefix("G\\u{1B}[2JET /Api/topics -> 405"))
        #expect(lines[1].hasPrefix("GET /Api/abc\\u{202E}txt.exe\\u{200B}\\u{2028}\\u{E0041} -> 404"))
        let journal = try await harness.send(.get, "/__apicheck/requests")
        let text = try ServeHarness.json(journal)["requests"]?[1]?["path"]?.stringValue
        #expect(text == "/Api/abc\\u{202E}txt.exe\\u{200B}\\u{2028}\\u{E0041}")
    }

    @Test func editsAreLookedForOncePerIntervalNotOncePerRequest() throws {
        var options = MockServerOptions()
        options.reloadInterval = 3600
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: options)
        for _ in 0..<20 { _ = server.respond(to: ServerRequest(method: "GET", path: "/Api/topics")) }
        #expect(server.mockChecks == 0)

        options.reloadInterval = 0
        let eager = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: options)
        for _ in 0..<20 { _ = eager.respond(to: ServerRequest(method: "GET", path: "/Api/topics")) }
        #expect(eager.mockChecks == 20)
    }

    /// An edit of the same size whose modification time was put back (`cp -p` of an older file)
    /// is served all the same.
    @Test func aSameSizeEditWithItsModificationTimePutBackIsServed() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.reloadInterval = 0
        let harness = try ServeHarness(mocks: mocks.url, options: options)
        defer { harness.stop() }
        let file = mocks.url.appendingPathComponent("topics.json").path
        // The times to the nanosecond, as `cp -p` puts them back.
        var original = stat()
        #expect(stat(file, &original) == 0)
        _ = try await harness.send(.get, "topics")
        let first = try String(contentsOfFile: file, encoding: .utf8)
        let edited = first.replacingOccurrences(of: "\"likeNum\": 50,", with: "\"likeNum\": 51,")
        #expect(edited != first && edited.utf8.count == first.utf8.count)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.truncate(atOffset: UInt64(edited.utf8.count))
        try handle.close()
        var times = [original.st_atim, original.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        var now = stat()
        #expect(stat(file, &now) == 0 && now.st_mtim.tv_sec == original.st_mtim.tv_sec && now.st_mtim.tv_nsec == original.st_mtim.tv_nsec)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int == edited.utf8.count)
        let second = String(decoding: try await harness.send(.get, "topics").body, as: UTF8.self)
        #expect(second.contains("\"likeNum\":51") || second.contains("\"likeNum\": 51"), "the edit was not served")
    }

    @Test(.timeLimit(.minutes(1))) func aMockReplacedByAFIFOALinkOutsideOrABadEnvelopeKeepsTheLastGoodBody() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let outside = try TemporaryMocks(files: ["topics.json": #"{"code": 200, "msg": "ok", "datas": []}"#])
        defer { outside.remove() }
        var options = MockServerOptions()
        options.reloadInterval = 0
        let harness = try ServeHarness(mocks: mocks.url, options: options)
        defer { harness.stop() }
        let good = try await harness.send(.get, "topics").body
        let file = mocks.url.appendingPathComponent("topics.json").path

        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o600) == 0)
        #expect(try await harness.send(.get, "topics").body == good)
        #expect(try await harness.send(.get, "/__apicheck/health").status == 200)

        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(
            atPath: file, withDestinationPath: outside.url.appendingPathComponent("topics.json").path)
        #expect(try await harness.send(.get, "topics").body == good)

        try FileManager.default.removeItem(atPath: file)
        try mocks.write("topics.json", #"{"code": 500, "msg": "broken", "datas": null}"#)
        #expect(try await harness.send(.get, "topics").body == good)

        let log = harness.log.all.filter { $0.hasPrefix("mock topics.json changed on disk but") }
        #expect(log.count == 3)
        #expect(log[0].contains("not a regular file"))
        #expect(log[1].contains("outside the mocks folder"))
        #expect(log[2].contains("fails the audit"))
    }
}
