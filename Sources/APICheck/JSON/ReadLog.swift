/// The reads seen during one decode. Used from one thread only, synchronously.
final class ReadLog {
    private var reads: [JSONPath: FieldRead] = [:]
    /// Not a read, but the one setting every container of this decode needs.
    let dates: DateDecoding

    init(dates: DateDecoding) {
        self.dates = dates
    }

    private var mapPaths: Set<JSONPath> = []

    /// The object at `path` is a dictionary: its keys vary, so reads below it use `.*` for the key.
    func markMap(_ path: JSONPath) {
        mapPaths.insert(generalize(path))
    }

    private func generalize(_ path: JSONPath) -> JSONPath {
        var result = JSONPath()
        for component in path.generalized.components {
            if case .key = component, mapPaths.contains(result) {
                result.components.append(.anyKey)
            } else {
                result.components.append(component)
            }
        }
        return result
    }

    func record(_ path: JSONPath, _ type: Any.Type, required: Bool) {
        let general = generalize(path)
        if var existing = reads[general] {
            existing.required = existing.required || required
            if existing.type == "Any" { existing.type = Self.typeName(type) }
            reads[general] = existing
        } else {
            reads[general] = FieldRead(path: general, type: Self.typeName(type), required: required)
        }
    }

    var sortedReads: [FieldRead] {
        reads.values.map { read in
            var read = read
            read.isMap = mapPaths.contains(read.path)
            return read
        }.sorted { $0.path < $1.path }
    }

    static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Optional<"), name.hasSuffix(">") { return String(name.dropFirst(9).dropLast()) }
        return name
    }
}
