import APICheck
import Testing

/// A result keeps its answer's classification as a `ClassificationSummary`; reports write its name
/// as `outcome`, and reading a report back must give the same value, or merged and compared
/// reports would disagree with the run that wrote them.
struct ClassificationSummaryTests {
    @Test(arguments: [
        (Classification.success(payload: .null, at: JSONPath([])), ClassificationSummary.success, "success"),
        (.failure(code: 10002, message: "wrong password"), .failure(code: 10002), "failure(10002)"),
        (.failure(code: "M_FORBIDDEN", message: "no"), .failure(code: "M_FORBIDDEN"), "failure(\"M_FORBIDDEN\")"),
        (.failure(code: true, message: "no"), .failure(code: true), "failure(true)"),
        (.forcedLogout(code: 10504, message: "revoked"), .forcedLogout, "logout"),
        (.tokenExpired(status: 403, code: nil), .tokenExpired, "tokenExpired"),
    ])
    func aClassificationIsSummedUpUnderItsNameAndReadBack(
        _ classification: Classification, _ summary: ClassificationSummary, _ name: String
    ) {
        #expect(ClassificationSummary(classification) == summary)
        #expect(summary.name == name && summary.name == classification.name)
        #expect(ClassificationSummary(name: name) == summary)
    }

    @Test func aNameOfNoClassificationIsKeptAsText() {
        for text in ["3 exchanges: success 2, logout 1", "failure(+5)", "failure(\"a)", "failure()", ""] {
            #expect(ClassificationSummary(name: text) == .text(text))
            #expect(ClassificationSummary(name: text).name == text)
        }
        #expect(ClassificationSummary(name: "not-json") == .broken(.notJSON))
        let literal: ClassificationSummary = "failure(20101)"
        #expect(literal == .failure(code: 20101))
    }
}
