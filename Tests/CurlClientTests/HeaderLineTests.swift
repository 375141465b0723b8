@testable import CurlClient
import Testing

/// The ASCII fast path reads a header line as the scalar path (`HeaderText`) does: the name as
/// it stands, the value without spaces or tabs at its ends, the line without its line breaks.
@Suite struct HeaderLineTests {
    private func read(_ text: String) -> HeaderLine? {
        Array(text.utf8).withUnsafeBytes { HeaderLine(ascii: $0) }
    }

    @Test func aFieldLosesTheSpaceAndTabsAroundItsValueOnly() {
        #expect(read("X-Cache:\t hit, \tmiss \t\r\n") == .field(name: "X-Cache", value: "hit, \tmiss"))
        #expect(read("Content-Type: application/json\r\n") == .field(name: "Content-Type", value: "application/json"))
        #expect(read("X-Empty:\r\n") == .field(name: "X-Empty", value: ""))
        #expect(read("X-Colon: a:b\u{0B}\u{0C}\r\n") == .field(name: "X-Colon", value: "a:b"))
    }

    @Test func statusBlankFoldedAndBareLinesAreToldApart() {
        #expect(read("HTTP/1.1 200 OK\r\n") == .status)
        #expect(read("\r\n") == .end)
        #expect(read(" \tmore text \r\n") == .continuation("more text"))
        #expect(read("no colon here\r\n") == .other)
    }

    @Test func onlyTheBytesHTTPAndASlashStartAStatusLine() {
        #expect(read("HTTP/2 200\r\n") == .status)
        #expect(read("HTTP: 1\r\n") == .field(name: "HTTP", value: "1"))
        #expect(read("HTTP\r\n") == .other)
        #expect(read("http/1.1 200 OK\r\n") == .other)
        #expect(read("HTTPS/1.1 200 OK\r\n") == .other)
        #expect(read("XTTP/1.1: 200\r\n") == .field(name: "XTTP/1.1", value: "200"))
    }

    @Test func aLineWithAByteBeyondASCIITakesTheScalarPath() {
        #expect(read("X-Name: caf\u{E9}\r\n") == nil)
    }
}
