import APICheck
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The endpoint ids an option names (`--only`, `--except`): comma-separated or repeated, each an
/// id or a shell-style pattern (`v4_users_*`, `*_destroy`, `flows.[gl]*`) over the declared ids.
/// An imported package has hundreds of ids, named after the document's operations: a pattern
/// names a resource's or a verb's without listing them. What names nothing is a usage error, as
/// a mistyped id would otherwise narrow or widen a run in silence.
struct EndpointIDs {
    /// Every id named or matched.
    let ids: Set<String>
    /// The ids named as themselves, not by a pattern: what only a person's own words may select
    /// (an endpoint declared `endingIdentity()`, the session's own endpoints for `--except`).
    let named: Set<String>

    /// Nil when the option was not given.
    static func parse(_ given: [String], option: String, context: CommandContext) throws(UsageError) -> EndpointIDs? {
        if given.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw UsageError("--\(option) needs endpoint ids (see '\(context.tool) list')")
        }
        let items = given.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        guard !items.isEmpty else { return nil }
        let declared = context.api.endpoints.map(\.id)
        let known = Set(declared)
        var ids: Set<String> = []
        var named: Set<String> = []
        for item in items {
            if known.contains(item) {
                ids.insert(item)
                named.insert(item)
                continue
            }
            guard isPattern(item) else {
                throw UsageError("--\(option): no endpoint '\(DisplayText.escaped(item))' (see '\(context.tool) list')")
            }
            let matched = declared.filter { matches(item, $0) }
            guard !matched.isEmpty else {
                throw UsageError("--\(option): '\(DisplayText.escaped(item))' matches no endpoint id (see '\(context.tool) list')")
            }
            ids.formUnion(matched)
        }
        return EndpointIDs(ids: ids, named: named)
    }

    static func isPattern(_ item: String) -> Bool {
        item.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" })
    }

    /// fnmatch(3) with no flags: `*` and `?` match any character, `.` and `/` included, as ids
    /// hold both.
    static func matches(_ pattern: String, _ id: String) -> Bool {
        fnmatch(pattern, id, 0) == 0
    }
}
