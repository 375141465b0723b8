/// How the branches of a union in two versions of a document are paired. A branch's label (its
/// component, else its title, else its JSON type) names it, but a name alone changes nothing a
/// client sends or decodes: `apicheck openapi` writes an inline branch without its title (Label
/// Studio's `{"type": "string", "title": "String"}` becomes `{"type": "string"}`) and a titled
/// inline object as a component named after it (`all: false` becomes
/// `ApiDmActionsCreateBodySelectedItemsAllFalse`), so the document and its package's own export
/// would differ by every branch.
extension SchemaComparison {
    typealias Branch = (label: String, schema: JSONValue)

    /// For each older branch, the index of the newer branch it is compared with, or nil when the
    /// newer union lacks it. Branches of the same label are matched in their order (two inline
    /// objects without a title: the first with the first), so that a union compared with itself
    /// pairs each branch with itself; then an array branch left over is matched with one left
    /// over in the newer union, in order: its items changed, a change inside the branch; then a
    /// branch left over with one that names it otherwise (`namesAlike`).
    func paired(_ oldBranches: [Branch], _ newBranches: [Branch]) -> [Int?] {
        var unmatched = Array(newBranches.indices)
        // Of several branches of one label, the one listing the same values is taken first: the
        // export writes an enum component branch inline (ZenML's `ModelStages` beside a plain
        // string), whose label is `string` then, and the plain string is still the plain string.
        var pairs: [Int?] = oldBranches.map { branch in
            let values = OpenAPISource.enumValues(old.resolve(branch.schema) ?? branch.schema)
            let alike = unmatched.indices.filter { newBranches[unmatched[$0]].label == branch.label }
            let chosen =
                alike.first { OpenAPISource.enumValues(new.resolve(newBranches[unmatched[$0]].schema) ?? .null) == values }
                ?? alike.first
            return chosen.map { unmatched.remove(at: $0) }
        }
        // A component renamed as the import names its type (Pydantic's `BulkCreateAction_PoolBody_`
        // is `BulkCreateActionPoolBody` in the package's own `apicheck openapi`) is the same branch.
        for index in pairs.indices where pairs[index] == nil {
            let type = SwiftName.type(oldBranches[index].label)
            pairs[index] = unmatched.firstIndex { SwiftName.type(newBranches[$0].label) == type }.map { unmatched.remove(at: $0) }
        }
        func isArray(_ branch: JSONValue, in source: OpenAPISource) -> Bool {
            Self.kind(source.resolve(branch) ?? branch, in: source) == "array"
        }
        for index in pairs.indices where pairs[index] == nil && isArray(oldBranches[index].schema, in: old) {
            pairs[index] = unmatched.firstIndex { isArray(newBranches[$0].schema, in: new) }.map { unmatched.remove(at: $0) }
        }
        for index in pairs.indices where pairs[index] == nil {
            pairs[index] = unmatched.firstIndex { namesAlike(oldBranches[index].schema, newBranches[$0].schema) }
                .map { unmatched.remove(at: $0) }
        }
        return pairs
    }

    /// The same branch named otherwise: of one kind, and one of them without a name (no title,
    /// no component), or a component named after the other's title (`…AllFalse` for `all:
    /// false`), as the import names a titled inline branch's type.
    private func namesAlike(_ before: JSONValue, _ after: JSONValue) -> Bool {
        let oldResolved = old.resolve(before) ?? before
        let newResolved = new.resolve(after) ?? after
        // An integer's branch is one whatever its format, as its label is (`numberChange`).
        func kind(_ schema: JSONValue, in source: OpenAPISource) -> String {
            let kind = Self.kind(schema, in: source)
            return kind == "integer (int64)" ? "integer" : kind
        }
        guard kind(oldResolved, in: old) == kind(newResolved, in: new) else { return false }
        let oldName = Self.name(before, resolved: oldResolved)
        let newName = Self.name(after, resolved: newResolved)
        guard let oldName, let newName else { return true }
        switch (oldName, newName) {
        case let (.title(title), .component(component)), let (.component(component), .title(title)):
            return component.hasSuffix(SwiftName.type(title))
        default:
            return false
        }
    }

    private enum Name {
        case component(String)
        case title(String)
    }

    private static func name(_ branch: JSONValue, resolved: JSONValue) -> Name? {
        if let reference = OpenAPISource.string(branch["$ref"]) {
            return .component(String(reference.split(separator: "/").last ?? Substring(reference)))
        }
        return OpenAPISource.string(resolved["title"]).map(Name.title)
    }

    /// Whether a branch left over is, but for its title and description, one its union pairs:
    /// a client tells them apart by nothing it sends or decodes, and the export writes one
    /// (Label Studio's filter value has a `Dictionary` and a `List` branch, each `{"type":
    /// "object"}`, one `[String: JSONValue]` in Swift).
    /// So is a scalar listing no values beside another of its kind: the import declares a string
    /// of every format `String`, and the export writes ZenML's `uuid` string and plain string
    /// branches as one string.
    static func repeats(_ index: Int, of branches: [Branch], pairedAt paired: [Int], in source: OpenAPISource) -> Bool {
        let bare = bareSchema(branches[index].schema, in: source)
        let scalar = openScalar(branches[index].schema, in: source)
        return paired.contains {
            $0 != index
                && (bareSchema(branches[$0].schema, in: source) == bare
                    || (scalar != nil && openScalar(branches[$0].schema, in: source) == scalar))
        }
    }

    /// The scalar kind of a branch that lists no values (`string`, `integer`), else nil.
    private static func openScalar(_ branch: JSONValue, in source: OpenAPISource) -> String? {
        let resolved = source.resolve(branch) ?? branch
        guard OpenAPISource.enumValues(resolved).isEmpty else { return nil }
        let kind = kind(resolved, in: source)
        return scalars.contains(kind) ? kind : nil
    }

    /// A branch as a client tells it apart: a reference followed, its title and description
    /// dropped (a component repeated inline, Prefect's `ResourceSpecification`, is the same branch).
    static func bareSchema(_ branch: JSONValue, in source: OpenAPISource) -> JSONValue {
        guard case let .object(members) = source.resolve(branch) ?? branch else { return branch }
        return .object(members.filter { $0.key != "title" && $0.key != "description" })
    }
}
