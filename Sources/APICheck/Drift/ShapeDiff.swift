/// Compares a mock's shape with a live shape. Only what both sides actually show is compared: an
/// empty array or a field that is only ever null says nothing about the type, so it raises nothing.
public enum ShapeDiff {
    public static func changes(expected: Shape, found: Shape, at path: JSONPath = .root) -> [ShapeChange] {
        var changes: [ShapeChange] = []
        compare(expected, found, path, &changes)
        return changes
    }

    private static func compare(_ expected: Shape, _ found: Shape, _ path: JSONPath, _ changes: inout [ShapeChange]) {
        let expectedKinds = expected.kinds.subtracting(.null), foundKinds = found.kinds.subtracting(.null)
        if !expectedKinds.isEmpty, !foundKinds.isEmpty, !foundKinds.isSubset(of: expectedKinds) {
            changes.append(ShapeChange(kind: .typeChanged, path: path,
                                       expected: expected.kindDescription, found: found.kindDescription))
        }
        if found.kinds.contains(.null), !expected.kinds.contains(.null), !expectedKinds.isEmpty {
            changes.append(ShapeChange(kind: .becameNull, path: path,
                                       expected: expected.kindDescription, found: found.kindDescription))
        }
        if expected.kinds.contains(.object), found.kinds.contains(.object) {
            for field in expected.fields {
                let fieldPath = path.appending(field.name)
                guard let live = found.field(field.name) else {
                    changes.append(ShapeChange(kind: .removed, path: fieldPath,
                                               expected: field.shape.kindDescription, found: "absent"))
                    continue
                }
                if live.sometimesAbsent, !field.sometimesAbsent {
                    changes.append(ShapeChange(kind: .removed, path: fieldPath, expected: field.shape.kindDescription,
                                               found: "absent in some objects", partly: true))
                }
                compare(field.shape, live.shape, fieldPath, &changes)
            }
            for field in found.fields where expected.field(field.name) == nil {
                changes.append(ShapeChange(kind: .added, path: path.appending(field.name),
                                           expected: "absent", found: field.shape.kindDescription))
            }
        }
        if let expectedElement = expected.element, let foundElement = found.element {
            compare(expectedElement, foundElement, path.appendingAnyIndex(), &changes)
        }
    }
}
