@testable import APICheckCLI
import APICheck
import Testing

/// `--check`'s text: one change alike at many places (Kinto's document without its security
/// scheme: every operation no longer requires a token) is one entry naming the first places and
/// counting the rest; a few alike stay one entry each, and the count covers every change.
@Suite struct ImportCheckReportTests {
    @Test func changesAlikeAtManyPlacesAreOneEntry() {
        let dropped = (1...37).map {
            OpenAPIChange(.tokenNoLongerRequired, breaking: false, subject: "GET /r\($0)", "no longer requires a token")
        }
        let few = (1...2).map { OpenAPIChange(.operationRemoved, breaking: true, subject: "GET /gone\($0)", "removed") }
        let text = ImportCheckReport(changes: dropped + few, package: "pkg", document: "doc.json").text
        #expect(
            text.contains(
                "  compatible 37 places: GET /r1, GET /r2, GET /r3 and 34 more\n             token-no-longer-required: no longer requires a token\n"
            ), "\(text)")
        #expect(text.contains("  breaking   GET /gone1\n") && text.contains("  breaking   GET /gone2\n"), "\(text)")
        #expect(
            text.hasSuffix(
                "39 changes: 2 breaking, 37 compatible; the package's client breaks against the document: "
                    + "import it again (--force) and fix what uses the parts above\n"), "\(text)")
        #expect(text.components(separatedBy: "\n").count == 9, "\(text)")  // a heading, 3 entries of 2 lines, the count, the end
    }

    @Test func theHeadingNamesThePackageAndTheDocumentOnceSpaced() {
        let text = ImportCheckReport(changes: [], package: "/src/pkg", document: "doc.json").text
        #expect(text.hasPrefix("apicheck import-openapi --check /src/pkg against doc.json\n"), "\(text)")
    }
}
