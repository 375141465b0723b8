import APICheck
@testable import MockServer
import Testing

/// A target masked once is given again from memory, and never once the redactor has learned a
/// secret since: a token the target holds must be masked from the moment it is known.
@Suite struct MaskedTargetsTests {
    @Test func aTargetIsMaskedAsTheRedactorMasksIt() {
        let redactor = Redactor(fieldNames: ["access_token"])
        let targets = MaskedTargets()
        let target = "/Api/statuses/home_timeline?count=200&access_token=abc123secret"
        #expect(targets.masked(target, by: redactor) == redactor.redact(target))
        #expect(targets.masked(target, by: redactor) == "/Api/statuses/home_timeline?count=200&access_token=***")
    }

    @Test func aSecretLearnedAfterATargetWasMaskedIsMaskedInIt() {
        let redactor = Redactor(fieldNames: ["access_token"])
        let targets = MaskedTargets()
        let target = "/Api/users/zq81kx7vmw/profile?page=2&lang=en"
        #expect(targets.masked(target, by: redactor) == target)
        redactor.register("zq81kx7vmw")
        #expect(targets.masked(target, by: redactor) == "/Api/users/***/profile?page=2&lang=en")
    }

    @Test func aLongTargetIsMaskedWithoutBeingKept() {
        let redactor = Redactor(fieldNames: ["access_token"])
        let targets = MaskedTargets()
        let target = "/Api/" + String(repeating: "a", count: MaskedTargets.maxTargetBytes) + "?access_token=abc123secret"
        #expect(targets.masked(target, by: redactor).hasSuffix("access_token=***"))
        #expect(targets.count == 0)
    }
}
