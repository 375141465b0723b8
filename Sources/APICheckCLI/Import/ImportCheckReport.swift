import APICheck

/// What `import-openapi --check` prints: the differences between the document a package was
/// imported from and a newer one, breaking ones first, as text or as JSON. Names and values come
/// from the documents, so every one is escaped before it reaches a terminal.
struct ImportCheckReport {
    let changes: [OpenAPIChange]
    /// Where the package is and which document it is compared with, for the heading.
    let package: String
    let document: String

    var breaking: [OpenAPIChange] { changes.filter(\.breaking) }

    private var ordered: [OpenAPIChange] { breaking + changes.filter { !$0.breaking } }

    /// More changes alike than this (one kind and message at many places: a document that
    /// dropped its security scheme changes every operation) print as one, naming the first few.
    static let groupedPast = 3
    static let namedInGroup = 3

    /// The changes in order, those alike at more than `groupedPast` places together.
    private var grouped: [[OpenAPIChange]] {
        var groups: [[OpenAPIChange]] = []
        var index: [String: Int] = [:]
        for change in ordered {
            let key = "\(change.breaking) \(change.kind.rawValue) \(change.message)"
            if let at = index[key] { groups[at].append(change) } else { index[key] = groups.count; groups.append([change]) }
        }
        return groups.flatMap { $0.count > Self.groupedPast ? [$0] : $0.map { [$0] } }
    }

    var text: String {
        var lines = ["apicheck import-openapi --check \(DisplayText.escaped(package)) against \(DisplayText.escaped(document))"]
        for group in grouped {
            let change = group[0]
            var location = DisplayText.escaped(change.location)
            if group.count > 1 {
                let named = group.prefix(Self.namedInGroup).map { DisplayText.escaped($0.location) }.joined(separator: ", ")
                let rest = group.count - min(group.count, Self.namedInGroup)
                location = "\(group.count) places: " + named + (rest > 0 ? " and \(rest) more" : "")
            }
            lines.append("  \(change.breaking ? "breaking  " : "compatible") \(location)")
            lines.append("             \(change.kind.rawValue): \(DisplayText.escaped(change.message))")
        }
        let verdict =
            breaking.isEmpty
            ? "the package's client still works with the document"
            : "the package's client breaks against the document: import it again (--force) and fix what uses the parts above"
        lines.append(
            "\(Report.plural(changes.count, "change")): \(breaking.count) breaking, \(changes.count - breaking.count) compatible; \(verdict)"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        let items: [JSONValue] = ordered.map { change in
            .object([
                ("kind", .string(change.kind.rawValue)),
                ("breaking", .bool(change.breaking)),
                ("subject", .string(DisplayText.escaped(change.subject))),
                ("part", .string(DisplayText.escaped(change.part))),
                ("path", .string(DisplayText.escaped(change.path))),
                ("message", .string(DisplayText.escaped(change.message))),
            ])
        }
        let report: JSONValue = .object([
            ("package", .string(DisplayText.escaped(package))),
            ("document", .string(DisplayText.escaped(document))),
            ("breaking", .number(String(breaking.count))),
            ("compatible", .number(String(changes.count - breaking.count))),
            ("changes", .array(items)),
        ])
        return report.prettyText + "\n"
    }
}
