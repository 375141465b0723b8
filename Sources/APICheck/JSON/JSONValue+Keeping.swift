extension JSONValue {
    /// The document with only what `paths` reach, each reached value whole, so that
    /// `value(at:)` of any of them gives what it gave before; nil when none reaches anything.
    /// Array positions are kept (elements no path needs become null): an index still finds its
    /// element. `[*]` keeps every element, `.*` every member.
    func keeping(_ paths: [JSONPath]) -> JSONValue? {
        keeping(paths.map { $0.components[...] })
    }

    private func keeping(_ paths: [ArraySlice<JSONPath.Component>]) -> JSONValue? {
        guard !paths.isEmpty else { return nil }
        if paths.contains(where: \.isEmpty) { return self }
        switch self {
        case let .object(members):
            var kept: [(key: String, value: JSONValue)] = []
            for member in members {
                let below = paths.compactMap { path -> ArraySlice<JSONPath.Component>? in
                    switch path.first {
                    case let .key(key)? where key == member.key: path.dropFirst()
                    case .anyKey?: path.dropFirst()
                    default: nil
                    }
                }
                if let value = member.value.keeping(below) { kept.append((member.key, value)) }
            }
            return kept.isEmpty ? nil : .object(kept)
        case let .array(items):
            var kept: [JSONValue] = []
            var any = false
            for (index, item) in items.enumerated() {
                let below = paths.compactMap { path -> ArraySlice<JSONPath.Component>? in
                    switch path.first {
                    case .anyIndex?: path.dropFirst()
                    case let .index(wanted)? where wanted == index: path.dropFirst()
                    default: nil
                    }
                }
                let value = item.keeping(below)
                any = any || value != nil
                kept.append(value ?? .null)
            }
            return any ? .array(kept) : nil
        case .null, .bool, .number, .string:
            return nil
        }
    }
}
