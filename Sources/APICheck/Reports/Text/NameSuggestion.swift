/// "Did you mean ...": the declared name a mistyped one was most likely meant to be. Mock names,
/// scenarios, commands and options are all suggested the same way.
public enum NameSuggestion {
    /// The one candidate closest to `name`, if it is a typo away: within `limit` edits (by default
    /// one edit per three characters, one to two), and no other candidate as close.
    public static func nearest(_ name: String, in candidates: [String], within limit: Int? = nil) -> String? {
        let limit = limit ?? min(2, max(1, name.count / 3))
        var best: [String] = []
        var bestDistance = limit + 1
        for candidate in Set(candidates) where candidate != name {
            let distance = distance(name, candidate)
            if distance < bestDistance {
                best = [candidate]
                bestDistance = distance
            } else if distance == bestDistance {
                best.append(candidate)
            }
        }
        return best.count == 1 ? best[0] : nil
    }

    /// Edits from `a` to `b`: insertions, deletions, substitutions, and swaps of two neighbours
    /// (`lsit` is one edit from `list`, the commonest typo), each counting one.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
