import APICheck
import Testing

@Suite struct MockSelectionTests {
    @Test func entriesParseWithGlobsAndScenarios() throws {
        let selection = try MockSelection(parsing: " account.login, topics.*,statuses.show@not_found,, ")

        #expect(
            selection.rules == [
                MockSelection.Rule("account.login"), MockSelection.Rule("topics.*"),
                MockSelection.Rule("statuses.show", scenario: "not_found"),
            ])
        #expect(selection.isMocked("account.login"))
        #expect(selection.isMocked("topics.like"))
        #expect(selection.isMocked("topics.list"))
        #expect(!selection.isMocked("topics"))
        #expect(!selection.isMocked("account.logout"))
        #expect(selection.rule(for: "statuses.show")?.scenario == "not_found")
    }

    @Test(arguments: [
        ("*", "anything.at.all", true), ("a?c", "abc", true), ("a?c", "ac", false),
        ("*.list", "topics.list", true), ("*.list", "topics.lists", false), ("t*s.*e", "topics.like", true),
        ("statuses.*", "statuses", false), ("**", "", true),
    ])
    func globs(pattern: String, id: String, matches: Bool) {
        #expect(MockSelection.Rule(pattern).matches(id) == matches)
    }

    @Test func aLaterEntryPicksTheScenario() throws {
        let selection = try MockSelection(parsing: "topics.*,topics.like@logout")

        #expect(selection.rule(for: "topics.like")?.scenario == "logout")
        #expect(selection.rule(for: "topics.unlike")?.scenario == nil)
    }

    @Test(arguments: ["@empty", "topics.list@"])
    func malformedEntriesAreRefusedNamingTheEntry(text: String) {
        #expect(throws: MockSelectionError.self) { try MockSelection(parsing: text) }
        do {
            _ = try MockSelection(parsing: text)
        } catch {
            #expect(error.entry == text)
            #expect("\(error)".hasPrefix("APICHECK_MOCKED entry '\(text)'"))
        }
    }

    /// As the README writes it in code.
    @Test func aSelectionInCodeEqualsTheSameInText() throws {
        let inCode = MockSelection([.init("topics.*"), .init("statuses.show", scenario: "not_found")])
        #expect(try MockSelection(parsing: "topics.*,statuses.show@not_found") == inCode)
    }

    @Test func theEnvironmentVariableIsRead() throws {
        #expect(try MockSelection.fromEnvironment([:]) == .none)
        #expect(try MockSelection.fromEnvironment(["APICHECK_MOCKED": "users.show"]).rules == [MockSelection.Rule("users.show")])
    }
}
