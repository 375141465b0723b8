@testable import APICheck
import Testing

/// Names from a document's names: every writer names through these.
@Suite struct SwiftNameTests {
    @Test(arguments: [
        ("pet_type", "petType"), ("PetType", "petType"), ("ID", "id"), ("X-Request-ID", "xRequestID"), ("class", "`class`"),
        ("self", "selfValue"), ("2fa", "_2fa"), ("", "value"), ("créé", "cr"),
    ])
    func members(_ name: String, _ swift: String) {
        #expect(SwiftName.member(name) == swift)
    }

    @Test(arguments: [("pet-owner", "PetOwner"), ("Error", "ErrorModel"), ("3d_model", "T3dModel"), ("order.line", "OrderLine")])
    func types(_ name: String, _ swift: String) {
        #expect(SwiftName.type(name) == swift)
    }

    @Test func literalsEscapeWhatWouldBreakOrHideTheLine() {
        #expect(SwiftName.literal("a\"b\\c\nd\u{202E}") == #""a\"b\\c\nd\u{202e}""#)
        #expect(SwiftName.variable("petId") == "PET_ID")
        var taken: Set<String> = ["name"]
        #expect(SwiftName.unique("name", in: &taken) == "name2")
        #expect(SwiftName.unique("name", in: &taken) == "name3")
    }
}
