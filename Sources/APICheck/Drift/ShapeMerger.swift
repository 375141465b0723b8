/// Merges many shapes into one in a single pass, counting in how many objects each field
/// appeared: merging one pair at a time would cost the square of the number of elements, and a
/// live answer may hold an array of tens of thousands.
///
/// Documents are merged value by value (`add(_: JSONValue)`), without a `Shape` per element: a
/// big answer has millions of keys. Merging values in document order gives the shape that merging
/// each element's own shape would: kinds are unions, a field is sometimes absent when some object
/// lacked it, and fields keep their first-seen order.
struct ShapeMerger {
    private struct FieldAccumulator {
        let name: String
        var merger = ShapeMerger()
        var present = 0
        var sometimesAbsent = false
        /// The number of the object that last counted this field: a key repeated in one object
        /// counts once, with its first value, as `Shape(of:)` has always taken it.
        var lastObject = 0

        init(name: String) { self.name = name }
    }

    private var kinds: Shape.Kinds = []
    private var objects = 0
    /// In first-seen order, found by name: searched while few, then through `index`.
    private var fields: [FieldAccumulator] = []
    private var index: [String: Int] = [:]
    private var elements: [ShapeMerger] = []
    private var added = false

    private mutating func slot(for name: String, hint: Int) -> Int {
        // Objects of one array mostly list their keys in the same order: the next field is the
        // likely one, and comparing a name is cheaper than hashing it.
        if hint < fields.count, fields[hint].name == name { return hint }
        if fields.count <= Shape.searchLimit {
            if let found = fields.firstIndex(where: { $0.name == name }) { return found }
        } else if let found = index[name] {
            return found
        }
        fields.append(FieldAccumulator(name: name))
        if fields.count == Shape.searchLimit + 1 {
            for (position, field) in fields.enumerated() { index[field.name] = position }
        } else if fields.count > Shape.searchLimit {
            index[name] = fields.count - 1
        }
        return fields.count - 1
    }

    mutating func add(_ shape: Shape) {
        added = true
        kinds.formUnion(shape.kinds)
        if shape.kinds.contains(.object) { objects += 1 }
        var hint = 0
        for field in shape.fields {
            let slot = slot(for: field.name, hint: hint)
            hint = slot + 1
            fields[slot].present += 1
            fields[slot].sometimesAbsent = fields[slot].sometimesAbsent || field.sometimesAbsent
            fields[slot].merger.add(field.shape)
        }
        if let element = shape.element {
            if elements.isEmpty { elements = [ShapeMerger()] }
            elements[0].add(element)
        }
    }

    /// Adds the shape of `value`, as `add(Shape(of: value))` would, without building it; objects
    /// where `cutoff` is cut count as objects without their fields.
    mutating func add(_ value: JSONValue, cutoff: ShapeCutoff?) {
        added = true
        switch value {
        case .null: kinds.insert(.null)
        case .bool: kinds.insert(.bool)
        case .number: kinds.insert(.number)
        case .string: kinds.insert(.string)
        case let .array(items):
            kinds.insert(.array)
            // An empty array says nothing about its elements.
            guard !items.isEmpty else { return }
            if elements.isEmpty { elements = [ShapeMerger()] }
            let below = cutoff?.elementChild
            for item in items { elements[0].add(item, cutoff: below) }
        case let .object(members):
            kinds.insert(.object)
            objects += 1
            if let cutoff, cutoff.isCut { return }
            var hint = 0
            for member in members {
                let slot = slot(for: member.key, hint: hint)
                hint = slot + 1
                guard fields[slot].lastObject != objects else { continue }
                fields[slot].lastObject = objects
                fields[slot].present += 1
                fields[slot].merger.add(member.value, cutoff: cutoff?.child(member.key))
            }
        }
    }

    /// The merged shape; nil when nothing was added.
    var shape: Shape? {
        guard added else { return nil }
        let merged = fields.compactMap { field -> Shape.Field? in
            guard let shape = field.merger.shape else { return nil }
            return Shape.Field(name: field.name, shape: shape, sometimesAbsent: field.sometimesAbsent || field.present < objects)
        }
        return Shape(kinds: kinds, fields: merged, element: elements.first?.shape)
    }
}
