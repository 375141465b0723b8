import APICheck
import Foundation
import TestSupport
import Testing

/// The report redactor reads HTML's named references as a browser does, so a secret echoed as
/// `&commat;` or `&sol;` (with or without the semicolon of a legacy name) is masked in reports
/// too, and the spans around it survive.
@Suite struct HTMLReferenceRedactionTests {
    @Test func namedReferencesOfASecretAreMasked() {
        let redactor = Redactor(fieldNames: [])
        redactor.register(MockSecretForms.password)
        let named = MockSecretForms.htmlNamed(MockSecretForms.password)
        #expect(named != MockSecretForms.password)
        #expect(redactor.redact("<p>" + named + "</p>") == "<p>***</p>")
        // Legacy names need no semicolon: `&amp` and `&ouml` as a browser reads them.
        redactor.register("ab& ö.d")
        #expect(redactor.redact("x ab&amp &ouml.d y") == "x *** y")
        // A numeric reference without its semicolon, too.
        #expect(redactor.redact("x ab&#38 &#xF6&#46d y") == "x *** y")
        #expect(redactor.redact("&notaname; &amp;&lt;") == "&notaname; &amp;&lt;")
        // As in an attribute, a legacy name followed by `=` or a letter is no reference: query
        // strings keep their parameters.
        let fields = Redactor(fieldNames: ["api_key"])
        #expect(fields.redact("q?api_key=k1&not=2&copy=3&notes=4") == "q?api_key=***&not=2&copy=3&notes=4")
    }
}
