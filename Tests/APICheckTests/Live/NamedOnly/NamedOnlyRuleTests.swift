@testable import APICheck
import Foundation
import Testing

/// The three "sent only when named" markers are one declaration read by one rule
/// (`API.heldForName(_:)`): what needs a held write first is skipped naming it, whichever marker
/// held it, and an endpoint with two markers keeps the one with the most to lose.
@Suite struct NamedOnlyRuleTests {
    static let reset = Endpoint<JSONValue>(id: "reset", .post, "settings/reset", mock: "reset").changingGlobalState()
    static let afterReset = Endpoint<JSONValue>(
        id: "afterReset", .get, "settings/{version}",
        parameters: [.path("version", .string, sample: .seen(endpoint: "reset", path: "$.version", fallback: nil))], mock: "after")
    static let rename = Endpoint<JSONValue>(id: "rename", .put, "users/{name}", mock: "rename").actingOnExisting()
    static let both = Endpoint<JSONValue>(id: "both", .delete, "users/me", mock: "both").actingOnExisting().endingIdentity()
        .changingGlobalState()
    static let declaredRead = Endpoint<JSONValue>(id: "search", .post, "users/{name}/search", mock: "search").actingOnExisting()
        .readingOnly()
    static let api = API(name: "held", envelope: .none, endpoints: [reset, afterReset, rename, both, declaredRead])

    @Test func theHeldWritesAreTheUnnamedOnesOfEitherMarker() {
        #expect(Self.api.heldForName([]) == ["reset": .changesGlobalState, "rename": .actsOnExisting])
        #expect(Self.api.heldForName(["reset"]) == ["rename": .actsOnExisting])
    }

    @Test func theMarkerWithTheMostToLoseCounts() {
        #expect(Self.both.erased.namedOnly == .endsIdentity)
        #expect(Self.both.erased.endsIdentity && !Self.both.erased.changesGlobalState)
    }

    @Test func whatNeedsAHeldGlobalWriteFirstIsSkippedNamingIt() {
        let plan = LivePlan(api: Self.api, selected: [Self.afterReset.erased], probes: false)
        #expect(plan.writeNeeded["afterReset"] == .needsNamed(Self.reset.erased))
        #expect(plan.writeNeeded["afterReset"]?.rawValue.contains("changes global state") == true)
        #expect(plan.writeNeeded["afterReset"]?.isChosen == true)
    }
}
