/// Where a value being decoded sits: its container's path and its own last step, joined only
/// when something needs the whole path (an error, a nested container).
struct DecodingLocation {
    let parent: JSONPath
    let last: JSONPath.Component?

    var path: JSONPath {
        guard let last else { return parent }
        var path = parent
        path.components.append(last)
        return path
    }
}
