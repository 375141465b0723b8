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
        redactor.register("ab&cö/d")
        #expect(redactor.redact("x ab&ampc&ouml&sol;d y") == "x *** y")
        // A numeric reference without its semicolon, too.
        #expect(redactor.redact("x ab&#38c&#xF6&#47;d y") == "x *** y")
        #expect(redactor.redact("&notaname; &amp;&lt;") == "&notaname; &amp;&lt;")
    }
}
