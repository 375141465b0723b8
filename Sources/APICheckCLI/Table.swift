import Foundation

/// Left-aligned columns separated by two spaces, for listings.
struct Table {
    var header: [String]?
    var rows: [[String]]

    func render() -> String {
        let all = (header.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
