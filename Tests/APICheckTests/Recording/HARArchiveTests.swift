import APICheck
import Foundation
import Testing

/// Reading a capture entry by entry: `HARScanner` finds each entry's bytes without building the
/// document, so brackets and quotes inside strings, keys in any order and a slice of a larger
/// buffer must not move the ranges.
@Suite struct HARArchiveTests {
    static let capture = #"""
        {"comment": "a \"quoted\" ] and } in text", "log": {"version": "1.2", "pages": [{"id": "p[0]"}],
         "entries": [
          {"request": {"method": "get", "url": "https://x.example/a?q=]}"}, "response": {"status": 201, "content": {"size": 7, "mimeType": "application/json", "text": "{\"a\":\"}]\\\"\"}"}}},
          {"request": {"method": "GET"}, "response": {"status": 200}},
          {"request": {"method": "POST", "url": "https://x.example/b"}, "response": {"status": 200.0, "content": {"size": 4, "text": ""}}}
         ],
         "creator": {"name": "Proxyman", "version": "5"}}}
        """#

    @Test func entriesAreFoundWhateverTheirTextHolds() throws {
        // The capture as a slice of a larger buffer: indices do not start at zero.
        let padded = Data("xxxx".utf8) + Data(("\u{FEFF}" + Self.capture).utf8)
        let archive = try HARArchive(data: padded[4...])
        #expect(archive.count == 3)
        #expect(archive.creator == "Proxyman")
        let entries = archive.entries
        #expect(entries.map(\.index) == [0, 2])
        #expect(entries.map(\.method) == ["GET", "POST"])
        #expect(entries.first?.url == "https://x.example/a?q=]}")
        #expect(entries.first?.status == 201)
        #expect(entries.first?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"a":"}]\""}"#)
        // A status written as a float reads; an empty text where the size says more is no body.
        #expect(entries.last?.status == 200)
        #expect(entries.last?.body == nil)
    }

    @Test func brokenCapturesSayWhere() {
        func error(_ text: String) -> String? {
            do {
                _ = try HARArchive(data: Data(text.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(error(#"{"log": {"entries": [{"request": "#)?.hasPrefix("not JSON: unterminated object") == true)
        #expect(error(#"{"log": {"entries": []}} trailing"#)?.hasPrefix("not JSON: unexpected text after the JSON value") == true)
        #expect(error(#"{"log": {"entries": [nul]}}"#)?.hasPrefix("not JSON: not a JSON value") == true)
        #expect(error(#"{"log": {"entries": {}}}"#) == "not a HAR file: no log.entries array")
        #expect(error(#"[{"log": {"entries": []}}]"#) == "not a HAR file: no log.entries array")
        #expect(error(#"{"log": {"entries": []}}"#) == nil)
    }
}
