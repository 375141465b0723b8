import Foundation

/// Which endpoints answer from their mocks while the app runs, and with which scenario: what a
/// team marks as mocked while the backend for a screen is not ready. Written in code or read
/// from the environment, one entry per endpoint id or glob, an optional scenario after `@`:
///
/// ```
/// APICHECK_MOCKED=account.login,topics.*,statuses.homeTimeline@empty
/// ```
public struct MockSelection: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        /// An endpoint id, or a glob over ids: `*` for any run of characters, `?` for one.
        public var pattern: String
        /// The scenario variant to answer with (`<mock>@<scenario>.json`); nil for the success file.
        public var scenario: ScenarioName?

        public init(_ pattern: String, scenario: ScenarioName? = nil) {
            self.pattern = pattern
            self.scenario = scenario
        }

        public func matches(_ endpointID: String) -> Bool {
            Self.glob(Array(pattern), Array(endpointID))
        }

        private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
            // Iterative wildcard matching with one backtrack point: linear in practice.
            var p = 0, t = 0, star = -1, resume = 0
            while t < text.count {
                if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                    p += 1
                    t += 1
                } else if p < pattern.count, pattern[p] == "*" {
                    star = p
                    resume = t
                    p += 1
                } else if star >= 0 {
                    p = star + 1
                    resume += 1
                    t = resume
                } else {
                    return false
                }
            }
            while p < pattern.count, pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }

    /// The environment variable `fromEnvironment` reads.
    public static let variable = "APICHECK_MOCKED"

    public var rules: [Rule]

    public init(_ rules: [Rule] = []) {
        self.rules = rules
    }

    /// Nothing mocked: every endpoint goes to the network.
    public static let none = MockSelection()

    /// Parses `id,glob@scenario,...`; blanks between commas are ignored.
    public init(parsing text: String) throws(MockSelectionError) {
        var rules: [Rule] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard !parts[0].isEmpty else { throw MockSelectionError(entry: entry, reason: "no endpoint id before '@'") }
            if parts.count == 2, parts[1].isEmpty { throw MockSelectionError(entry: entry, reason: "no scenario after '@'") }
            rules.append(Rule(parts[0], scenario: parts.count == 2 ? ScenarioName(parts[1]) : nil))
        }
        self.rules = rules
    }

    /// The selection `APICHECK_MOCKED` names; nothing mocked when it is unset.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        variable: String = MockSelection.variable
    ) throws(MockSelectionError) -> MockSelection {
        guard let text = environment[variable] else { return .none }
        return try MockSelection(parsing: text)
    }

    /// The rule for an endpoint: the last one that names it, so a later, narrower entry
    /// (`topics.*,topics.list@empty`) picks the scenario.
    public func rule(for endpointID: String) -> Rule? {
        rules.last { $0.matches(endpointID) }
    }

    public func isMocked(_ endpointID: String) -> Bool { rule(for: endpointID) != nil }
}
