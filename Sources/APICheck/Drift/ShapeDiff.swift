/// Compares a mock's shape with a live shape. Only what both sides actually show is compared: an
/// empty array or a field that is only ever null says nothing about the type, so it raises nothing.
public enum ShapeDiff {
    public static func changes(expected: Shape, found: Shape, at path: JSONPath = .root) -> [ShapeChange] {
        var changes: [ShapeChange] = []
        forEachChange(expected: expected, found: found, at: path) { changes.append($0) }
        return changes
    }

    /// Each change in turn, none kept: an answer with a million new keys is a million calls, not
    /// a million values held at once.
    public static func forEachChange(expected: Shape, found: Shape, at path: JSONPath = .root, _ body: (ShapeChange) -> Void) {
        var components = path.components
        compare(expected, found, &components, body)
    }

    /// `components` is where the two shapes sit, pushed and popped on the way down: most answers
    /// match their mock, and a `JSONPath` per field compared would cost an array each. A path is
    /// spelled out only for a change.
    private static func compare(
        _ expected: Shape, _ found: Shape, _ components: inout [JSONPath.Component], _ changes: (ShapeChange) -> Void
    ) {
        let expectedKinds = expected.kinds.subtracting(.null), foundKinds = found.kinds.subtracting(.null)
        if !expectedKinds.isEmpty, !foundKinds.isEmpty, !foundKinds.isSubset(of: expectedKinds) {
            changes(
                ShapeChange(
                    kind: .typeChanged, path: JSONPath(components),
                    expected: expected.kindDescription, found: found.kindDescription))
        }
        if found.kinds.contains(.null), !expected.kinds.contains(.null), !expectedKinds.isEmpty {
            changes(
                ShapeChange(
                    kind: .becameNull, path: JSONPath(components),
                    expected: expected.kindDescription, found: found.kindDescription))
        }
        if expected.kinds.contains(.object), found.kinds.contains(.object) {
            // Asked only when a field is gone: most objects match their mock.
            var gained: Bool?
            for field in expected.fields {
                guard let live = found.field(field.name) else {
                    // Only some of the mock's objects carry it (a tombstone's `deleted`): answers
                    // whose objects all lack it are within that variety, not a removal.
                    if !field.sometimesAbsent {
                        if gained == nil { gained = found.fields.contains { expected.field($0.name) == nil } }
                        var change = ShapeChange(
                            kind: .removed, path: JSONPath(components + [.key(field.name)]),
                            expected: field.shape.kindDescription, found: "absent")
                        change.besideAdded = gained!
                        changes(change)
                    }
                    continue
                }
                components.append(.key(field.name))
                if live.sometimesAbsent, !field.sometimesAbsent {
                    changes(
                        ShapeChange(
                            kind: .removed, path: JSONPath(components), expected: field.shape.kindDescription,
                            found: "absent in some objects", partly: true))
                }
                compare(field.shape, live.shape, &components, changes)
                components.removeLast()
            }
            // Objects of several variants with nothing in common: a field none of them showed is
            // one more variant, not a change of theirs.
            let variants = !expected.fields.isEmpty && expected.fields.allSatisfy(\.sometimesAbsent)
            for field in found.fields where expected.field(field.name) == nil {
                changes(
                    ShapeChange(
                        kind: .added, path: JSONPath(components + [.key(field.name)]),
                        expected: "absent", found: field.shape.kindDescription, partly: variants))
            }
        }
        if let expectedElement = expected.element, let foundElement = found.element {
            components.append(.anyIndex)
            compare(expectedElement, foundElement, &components, changes)
            components.removeLast()
        }
    }
}
