import APICheck
import Foundation
import Testing

/// One way to print a URL: no user info, no fragment, the query dropped or its secrets masked.
@Suite struct URLDisplayTests {
    @Test func withoutQuery() {
        #expect(URLDisplay.string(URL(string: "http://u:p@h:1/Api/x?access_token=t#frag")!, query: false) == "http://h:1/Api/x")
        #expect(URLDisplay.string(URL(string: "https://h")!, query: false) == "https://h/")
        #expect(URLDisplay.string(URL(string: "http://[::1]:8080/a%2Fb?q=1")!, query: false) == "http://[::1]:8080/a%2Fb")
        #expect(URLDisplay.string(URL(string: "relative/path")!, query: false) == "<invalid URL>")
        #expect(Redactor.withoutQuery(URL(string: "http://u:p@h:1/Api/x?access_token=t")!) == "http://h:1/Api/x")
    }

    @Test func withTheQueryMasked() {
        let redactor = Redactor(fieldNames: ["access_token"])
        redactor.register("pass/word é")
        let url = URL(string: "http://user:pass%2Fword%20%C3%A9@h/Api/x?access_token=abc&q=pass%2Fword+%C3%A9&page=2#top")!
        #expect(redactor.display(url) == "http://h/Api/x?access_token=***&q=***&page=2")
    }

    @Test func pathsRelativeToTheBase() {
        let base = URL(string: "http://h/Api/")!
        #expect(URLDisplay.path(URL(string: "http://h/Api/statuses/42?x=1")!, relativeTo: base) == "statuses/42")
        #expect(URLDisplay.path(URL(string: "http://h/Other/x")!, relativeTo: base) == "/Other/x")
        #expect(URLDisplay.path(URL(string: "http://h/Api/a%20b")!, relativeTo: URL(string: "http://h/Api")!) == "a b")
        // A trailing slash is part of the path the server was asked for.
        #expect(URLDisplay.path(URL(string: "http://h/Api/search/?x=1")!, relativeTo: base) == "search/")
        #expect(URLDisplay.path(URL(string: "http://h/Api/")!, relativeTo: base) == "")
    }

    /// A `{name}` sends `team%2Fapp`, one segment; a `{+name}` sends `team/app`, two: the line
    /// shows which went.
    @Test func anEscapedSlashStaysEscaped() {
        let base = URL(string: "http://h/v2/")!
        #expect(URLDisplay.path(URL(string: "http://h/v2/team%2Fapp/tags/list?n=2")!, relativeTo: base) == "team%2Fapp/tags/list")
        #expect(URLDisplay.path(URL(string: "http://h/v2/team/app/tags/list")!, relativeTo: base) == "team/app/tags/list")
        #expect(URLDisplay.path(URL(string: "http://h/a%2Fb/x%20y")!, relativeTo: URL(string: "http://h/a%2Fb")!) == "x y")
    }
}
