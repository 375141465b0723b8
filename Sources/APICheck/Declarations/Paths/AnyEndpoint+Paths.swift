extension AnyEndpoint {
    /// The method and path with placeholder names left out: endpoints with the same route key
    /// answer the same requests (`rooms/{id}` and `rooms/{roomId}` alike). A placeholder that
    /// spans segments keeps its `+`: `files/{+path}` answers more than `files/{name}`.
    /// A path that begins with an address-valued placeholder (`{repository}sync/`, declared where
    /// no collection it lives under is known) keeps its name: no request reaches it by its shape,
    /// only live, by the address the value holds.
    public var routeKey: String {
        // A path without placeholders is its own key: walked character by character, each of a
        // big catalog's keys cost the declaration checks more than the rest of its checks.
        guard path.utf8.contains(UInt8(ascii: "{")) else { return method.rawValue + " " + path }
        if beginsWithAddress, let first = pathParameterNames.first {
            return method.rawValue + " {" + first + "}" + path.drop { $0 != "}" }.dropFirst()
        }
        var key = method.rawValue + " "
        var inside = false, opened = false
        for character in path {
            if character == "{" {
                inside = true; opened = true; key.append("{")
            } else if character == "}" {
                inside = false; key.append("}")
            } else if !inside {
                key.append(character)
            } else if opened, character == "+" {
                key.append("+")
            }
            if character != "{" { opened = false }
        }
        return key
    }

    /// Whether the path begins with an address-valued placeholder (`{repository}sync/`): only
    /// live reaches it, through the address its value holds; serve and proxy route no request to it.
    public var beginsWithAddress: Bool {
        guard path.hasPrefix("{"), let first = pathParameterNames.first else { return false }
        return parameters.contains { $0.name == first && $0.location == .path && $0.holdsAddress }
    }

    /// Path parameter names in template order, without the `+` of one that spans segments.
    public var pathParameterNames: [String] {
        guard path.utf8.contains(UInt8(ascii: "{")) else { return [] }
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            names.append(String(name.hasPrefix("+") ? name.dropFirst() : name))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The path parameters written `{+name}` (RFC 6570's reserved expansion): their values span
    /// segments, sent with `/` and the other reserved characters as they are.
    public var multiSegmentParameterNames: Set<String> {
        var names: Set<String> = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if name.hasPrefix("+") { names.insert(String(name.dropFirst())) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
