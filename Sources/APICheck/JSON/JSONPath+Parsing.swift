extension JSONPath {
    /// Parses the simple paths declarations use: `$.datas.statuses[0].id`, `$.datas[*].id`,
    /// `$['odd key']`. Returns nil for anything else.
    public init?(parsing text: String) {
        var scalars = Substring(text)
        guard scalars.hasPrefix("$") else { return nil }
        scalars = scalars.dropFirst()
        var components: [Component] = []
        while let first = scalars.first {
            if first == "." {
                scalars = scalars.dropFirst()
                let name = scalars.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                components.append(name == "*" ? .anyKey : .key(String(name)))
                scalars = scalars.dropFirst(name.count)
            } else if first == "[" {
                guard let close = scalars.firstIndex(of: "]") else { return nil }
                let inside = scalars[scalars.index(after: scalars.startIndex)..<close]
                if inside == "*" {
                    components.append(.anyIndex)
                } else if let index = Int(inside), index >= 0 {
                    components.append(.index(index))
                } else if inside.count >= 2, inside.first == "'", inside.last == "'" {
                    components.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
                scalars = scalars[scalars.index(after: close)...]
            } else {
                return nil
            }
        }
        self.init(components)
    }
}
