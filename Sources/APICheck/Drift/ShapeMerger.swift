/// Merges many shapes into one in a single pass, counting in how many objects each field
/// appeared: merging one pair at a time would cost the square of the number of elements, and a
/// live answer may hold an array of tens of thousands.
struct ShapeMerger {
    private struct FieldAccumulator {
        var merger = ShapeMerger()
        var present = 0
        var sometimesAbsent = false
    }

    private var kinds: Shape.Kinds = []
    private var objects = 0
    private var order: [String] = []
    private var fields: [String: FieldAccumulator] = [:]
    private var elements: [ShapeMerger] = []
    private var added = false

    mutating func add(_ shape: Shape) {
        added = true
        kinds.formUnion(shape.kinds)
        if shape.kinds.contains(.object) { objects += 1 }
        for field in shape.fields {
            if fields[field.name] == nil { order.append(field.name) }
            fields[field.name, default: FieldAccumulator()].present += 1
            fields[field.name]!.sometimesAbsent = fields[field.name]!.sometimesAbsent || field.sometimesAbsent
            fields[field.name]!.merger.add(field.shape)
        }
        if let element = shape.element {
            if elements.isEmpty { elements = [ShapeMerger()] }
            elements[0].add(element)
        }
    }

    /// The merged shape; nil when nothing was added.
    var shape: Shape? {
        guard added else { return nil }
        let merged = order.compactMap { name -> Shape.Field? in
            guard let field = fields[name], let shape = field.merger.shape else { return nil }
            return Shape.Field(name: name, shape: shape, sometimesAbsent: field.sometimesAbsent || field.present < objects)
        }
        return Shape(kinds: kinds, fields: merged, element: elements.first?.shape)
    }
}
