import HTTPServer
import Testing

/// Header lookup by name, as the server does for every request (Content-Length) and answer.
@Suite struct ServerRequestTests {
    let request = ServerRequest(
        method: "GET", path: "/",
        headers: [
            ("Content-Length", "12"), ("X-[Tag]", "square"), ("x-émoji", "é"), ("Prefer", "a"), ("prefer", "b"),
        ])

    @Test func namesMatchWhateverTheCaseOfTheirLetters() {
        #expect(request.header("content-length") == "12")
        #expect(request.header("CONTENT-LENGTH") == "12")
        #expect(request.header("Content-Length") == "12")
        // The first of repeated fields, whatever their case.
        #expect(request.header("PREFER") == "a")
    }

    @Test func onlyLettersFoldTheirCase() {
        // `[` and `{` differ by the same bit as `A` and `a`: they are different names.
        #expect(request.header("x-{tag}") == nil)
        #expect(request.header("X-[TAG]") == "square")
        #expect(request.header("x-émoji") == "é")
        #expect(request.header("Content-Lengt") == nil)
        #expect(request.header("Content-Length ") == nil)
    }
}
