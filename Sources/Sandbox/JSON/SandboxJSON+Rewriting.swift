/// The drift faults' edits, applied through the whole tree so that a renamed field is renamed in
/// every status of a timeline, not only the first. Members keep their places.
extension SandboxJSON {
    func renamingKeys(_ from: String, to: String) -> SandboxJSON {
        mapObjects { members in
            members.map { ($0.key == from ? to : $0.key, $0.value.renamingKeys(from, to: to)) }
        }
    }

    func replacingValues(of key: String, with replacement: SandboxJSON) -> SandboxJSON {
        mapObjects { members in
            members.map { ($0.key, $0.key == key ? replacement : $0.value.replacingValues(of: key, with: replacement)) }
        }
    }

    func removingMembers(_ key: String) -> SandboxJSON {
        mapObjects { members in
            members.filter { $0.key != key }.map { ($0.key, $0.value.removingMembers(key)) }
        }
    }

    /// Every object gains the member at its end, unless it already has one of that name.
    func addingMember(_ key: String, value: SandboxJSON) -> SandboxJSON {
        mapObjects { members in
            let children = members.map { ($0.key, $0.value.addingMember(key, value: value)) }
            return children.contains { $0.0 == key } ? children : children + [(key, value)]
        }
    }

    /// Rebuilds every object with `transform`, which is responsible for descending into members;
    /// arrays are walked here.
    private func mapObjects(_ transform: ([(key: String, value: SandboxJSON)]) -> [(String, SandboxJSON)]) -> SandboxJSON {
        switch self {
        case let .object(members): .object(transform(members).map { (key: $0.0, value: $0.1) })
        case let .array(items): .array(items.map { $0.mapObjects(transform) })
        default: self
        }
    }
}
