import Foundation
import TestSupport
import Testing
@testable import APICheck

/// The scanner against the full parser on random captures: whatever the strings around and
/// inside the entries hold (brackets, quotes, escapes), in whatever order the members come, the
/// byte ranges it finds are exactly the entries the parser reads; a capture cut short is refused.
@Suite struct HARScannerPropertyTests {
    /// A capture: junk members around `log`, `entries` among junk members of `log`, entries with
    /// junk of their own; sometimes a `creator`, sometimes a byte-order mark.
    static func capture(_ json: inout RandomJSON) -> (text: String, entries: [JSONValue]) {
        func shuffled(_ members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
            members.shuffled(using: &json.random)
        }
        let entries = (0..<json.random.int(0...4)).map { _ -> JSONValue in
            let request: JSONValue = .object(
                shuffled([
                    ("method", .string(json.random.pick(["GET", "post", "DELETE"]))),
                    ("url", .string("https://x.example/Api/" + json.string())),
                    ("headers", json.value(depth: 1)),
                ]))
            let response: JSONValue = .object(
                shuffled([
                    ("status", .number(json.numberText())),
                    ("content", .object([("text", .string(json.string(maxCount: 40)))])),
                ]))
            return .object(shuffled([("request", request), ("response", response), ("junk", json.value(depth: 2))]))
        }
        var log: [(key: String, value: JSONValue)] = [("entries", .array(entries)), ("version", .string("1.2"))]
        if json.random.chance(0.5) { log.append(("creator", .object([("name", .string(json.string()))]))) }
        if case let .object(junk) = json.value(depth: 2) { log += junk }
        var top: [(key: String, value: JSONValue)] = [("log", .object(shuffled(log)))]
        if case let .object(junk) = json.value(depth: 2) { top += junk }
        let bom = json.random.chance(0.1) ? "\u{FEFF}" : ""
        return (bom + json.whitespace() + json.text(.object(shuffled(top))) + json.whitespace(), entries)
    }

    @Test func theRangesFoundAreTheEntriesTheParserReads() throws {
        PropertyCheck.run(150) { random, label in
            var json = RandomJSON(random, reservedKeys: ["log", "entries", "creator", "version"])
            let (text, entries) = Self.capture(&json)
            let data = Data(text.utf8)
            let layout = try? HARScanner.layout(of: data)
            #expect(layout?.entries.count == entries.count, "\(label): \(text)")
            for (range, entry) in zip(layout?.entries ?? [], entries) {
                #expect((try? JSONParser.parse(data[range])) == entry, "\(label): \(text)")
            }
            let archive = try? HARArchive(data: data)
            #expect(archive?.entries.map(\.url) == entries.compactMap { $0["request"]?["url"]?.stringValue }, "\(label): \(text)")
        }
    }

    @Test func aCaptureCutShortIsRefused() throws {
        try PropertyCheck.run(150) { random, label in
            var json = RandomJSON(random, reservedKeys: ["log", "entries", "creator", "version"])
            let bytes = Array(Self.capture(&json).text.utf8)
            let closing = try #require(bytes.lastIndex(of: UInt8(ascii: "}")), "\(label)")
            let cut = Data(bytes[..<json.random.int(0...closing)])
            #expect(throws: HARArchive.ReadError.self, "\(label): \(String(decoding: cut, as: UTF8.self))") { try HARArchive(data: cut) }
        }
    }
}
