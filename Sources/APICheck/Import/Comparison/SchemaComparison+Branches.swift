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
        var pairs: [Int?] = oldBranches.map { branch in
            unmatched.firstIndex { newBranches[$0].label == branch.label }.map { unmatched.remove(at: $0) }
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
    static func repeats(_ index: Int, of branches: [Branch], pairedAt paired: [Int], in source: OpenAPISource) -> Bool {
        let bare = bareSchema(branches[index].schema, in: source)
        return paired.contains { $0 != index && bareSchema(branches[$0].schema, in: source) == bare }
    }

    private static func bareSchema(_ branch: JSONValue, in source: OpenAPISource) -> JSONValue {
        guard branch["$ref"] == nil, case let .object(members) = source.resolve(branch) ?? branch else { return branch }
        return .object(members.filter { $0.key != "title" && $0.key != "description" })
    }
}
